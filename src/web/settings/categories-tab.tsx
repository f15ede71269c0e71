import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { PRESET_CATEGORIES } from '@shared/categories';
import { categoryMessages } from '@shared/link-messages';
import { paths } from '@shared/routes';
import { userCan } from '@web/auth/user-can';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { AddCategoryForm } from './add-category-form';
import { CustomCategoryList } from './custom-category-list';
import { SettingsSection } from './settings-section';

export function CategoriesTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Your categories"
        description="Your own categories, beside the ten built-in ones. Deleting one leaves the links that have it as they are."
      >
        <div className="grid gap-6">
          {userCan(user, 'createCustomCategory') ? (
            <AddCategoryForm />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed border-border p-3 text-sm">
              <span>{categoryMessages.customIsProFeature}.</span>
              <Button asChild size="sm" variant="outline">
                <Link href={paths.pricing}>Upgrade to Pro</Link>
              </Button>
            </div>
          )}
          <CustomCategoryList user={user} />
        </div>
      </SettingsSection>
      <SettingsSection title="Built-in categories" description="Every account has these.">
        <ul aria-label="Built-in categories" className="flex flex-wrap gap-2">
          {PRESET_CATEGORIES.map((name) => (
            <li key={name}>
              <Badge variant="muted">{name}</Badge>
            </li>
          ))}
        </ul>
      </SettingsSection>
    </div>
  );
}
