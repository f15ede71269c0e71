import { Plus } from 'lucide-react';
import { useState } from 'react';
import { categoryMessages, linkMessages } from '@shared/link-messages';
import { Button } from '@web/components/ui/button';
import { TooltipOnDemand } from '@web/components/ui/tooltip-on-demand';
import { useOnDemand } from '@web/components/use-on-demand';

const importDialog = () => import('./create-category-dialog').then(({ CreateCategoryDialog }) => CreateCategoryDialog);

interface CreateCategoryButtonProps {
  /** Pro and active trials only (can(user, 'createCustomCategory')); others see why it is locked. */
  canCreate: boolean;
  /** Three categories are picked: a new one could not be picked, so none is created. */
  full: boolean;
  customNames: readonly string[];
  onPicked: (name: string) => void;
}

export function CreateCategoryButton({ canCreate, full, customNames, onPicked }: CreateCategoryButtonProps) {
  const [open, setOpen] = useState(false);
  // The dialog loads when first asked for.
  const [CreateCategoryDialog, load] = useOnDemand(importDialog);
  const lockedBecause = !canCreate ? categoryMessages.customIsProFeature : full ? linkMessages.maxCategoriesReached.text : null;
  const button = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="min-h-8 w-fit rounded-full px-3 py-1 text-xs"
      disabled={lockedBecause !== null}
      onClick={() => {
        load();
        setOpen(true);
      }}
    >
      <Plus aria-hidden />
      Create new category
    </Button>
  );

  if (lockedBecause !== null) {
    return (
      <TooltipOnDemand content={lockedBecause}>
        {/* A disabled button gets no pointer or focus events, so the tooltip hangs on a wrapper. */}
        <span tabIndex={0} className="inline-flex w-fit rounded-full">
          {button}
        </span>
      </TooltipOnDemand>
    );
  }
  return (
    <>
      {button}
      {CreateCategoryDialog && <CreateCategoryDialog open={open} onOpenChange={setOpen} customNames={customNames} onPicked={onPicked} />}
    </>
  );
}
