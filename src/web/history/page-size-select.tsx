import { HISTORY_PAGE_SIZES } from '@shared/plans';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import type { PageSize } from './history-view';

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="history-page-size" className="text-sm font-normal whitespace-nowrap">
        Per page
      </Label>
      <Select value={String(value)} onValueChange={(size) => onChange(Number(size) as PageSize)}>
        <SelectTrigger id="history-page-size" className="w-20">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {HISTORY_PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
