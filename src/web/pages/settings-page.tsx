import { useLocation, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Page } from '@web/components/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { UpgradeBanner } from '@web/dashboard/upgrade-banner';
import { CategoriesTab } from '@web/settings/categories-tab';
import { ImportExportTab } from '@web/settings/import-export-tab';
import { NewsletterTab } from '@web/settings/newsletter-tab';
import { ProfileTab } from '@web/settings/profile-tab';
import { SecurityTab } from '@web/settings/security-tab';
import { SharingTab } from '@web/sharing/sharing-tab';
import { settingsTabFrom, settingsTabs } from '@web/settings/settings-tabs';

/** /settings; the open tab lives in the URL (?tab=security), so a reload or a shared link keeps it. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const tab = settingsTabFrom(new URLSearchParams(useSearch()).get('tab'));
  // LoginRequired renders this page only once the user is known.
  if (!user) return null;

  return (
    <Page title="Settings">
      {/* docs/product/accounts.md, Settings: Settings has the Stashboard's upgrade banners. */}
      <div className="mt-6 empty:hidden">
        <UpgradeBanner user={user} />
      </div>
      <Tabs value={tab} onValueChange={(next) => navigate(`${paths.settings}?tab=${next}`, { replace: true })} className="mt-6">
        <TabsList>
          {settingsTabs.map(({ id, label }) => (
            <TabsTrigger key={id} value={id}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="newsletter">
          <NewsletterTab user={user} />
        </TabsContent>
        <TabsContent value="categories">
          <CategoriesTab user={user} />
        </TabsContent>
        <TabsContent value="sharing">
          <SharingTab />
        </TabsContent>
        <TabsContent value="import-export">
          <ImportExportTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab user={user} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
