import { SITE_HOST_PLACEHOLDER } from '@shared/prerender';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { installSteps, platforms } from './install-steps';
import { StepCarousel } from './step-carousel';

/** The install guide of /mobile-apps: a four-step carousel for Android and one for iOS. */
export function InstallGuide() {
  // Written at build time, the page holds a placeholder the server replaces with the request's host.
  const host = typeof window === 'undefined' ? SITE_HOST_PLACEHOLDER : window.location.host;
  return (
    <Tabs defaultValue="android">
      <TabsList aria-label="Your phone">
        {platforms.map(({ id, label }) => (
          <TabsTrigger key={id} value={id}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {platforms.map(({ id, label }) => (
        <TabsContent key={id} value={id}>
          <StepCarousel label={`Installing Stash on ${label}`} steps={installSteps(id, host)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
