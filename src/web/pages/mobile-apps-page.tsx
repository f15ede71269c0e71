import { Bookmarklet } from '@web/bookmarklet/bookmarklet';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Page } from '@web/components/page';
import { SaveByEmailSection } from '@web/inbound-mail/save-by-email-section';
import { InstallGuide, useVisitorPlatform } from '@web/mobile-apps/install-guide';

/** /mobile-apps: installing Stash on a phone, and the bookmarklet for browsers without a share target. */
export function MobileAppsPage() {
  const { user } = useCurrentUser();
  const [platform, setPlatform] = useVisitorPlatform();
  return (
    <Page title="Mobile Apps">
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Stash installs on your phone straight from the browser, no app store needed. On Android, share any link to Stash from your phone's
        share sheet once it is installed. iPhone and iPad keep web apps out of the share sheet: there, save pages with the bookmarklet
        below.
      </p>
      {platform === 'ios' && (
        <p className="mt-4 max-w-2xl">
          On this iPhone or iPad,{' '}
          <a href="#bookmarklet-heading" className="font-medium underline underline-offset-4">
            save pages with the bookmarklet
          </a>
          : add it to your bookmarks in Safari, then tap it on any page.
        </p>
      )}
      <section aria-labelledby="install-heading" className="mt-8 grid gap-4">
        <h2 id="install-heading" className="text-2xl font-semibold">
          Install Stash on your phone
        </h2>
        <InstallGuide platform={platform} onPlatformChange={setPlatform} />
      </section>
      <section aria-labelledby="bookmarklet-heading" className="mt-10 grid max-w-2xl gap-4">
        <h2 id="bookmarklet-heading" className="text-2xl font-semibold">
          Save from any browser with the bookmarklet
        </h2>
        <p>For iPhone and iPad, and any browser without the Stash extension: one tap on the bookmark saves the page you are reading.</p>
        <Bookmarklet />
      </section>
      {/* Save by e-mail: every phone can share to Mail, an iPhone's only way besides the bookmarklet. */}
      {user && <SaveByEmailSection />}
    </Page>
  );
}
