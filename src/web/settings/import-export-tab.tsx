import { ExportLinks } from './export-links';
import { ImportForm } from './import-form';
import { SettingsSection } from './settings-section';
import { SaveByEmailSettings } from './save-by-email-settings';

export function ImportExportTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Import links"
        description="Bring your links from Pocket, your browser's bookmarks, Raindrop.io or Instapaper. Imported links do not count towards the monthly limit."
      >
        <ImportForm />
      </SettingsSection>
      <SettingsSection title="Export links" description="Download every link you have saved.">
        <ExportLinks />
      </SettingsSection>
      <SaveByEmailSettings />
    </div>
  );
}
