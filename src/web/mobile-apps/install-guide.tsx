import { SITE_HOST_PLACEHOLDER } from '@shared/prerender';
import { useEffect, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { installSteps, platformOf, platforms, type Platform } from './install-steps';
import { StepCarousel } from './step-carousel';

/** The install guide of /mobile-apps: a four-step carousel for Android and one for iOS, the visitor's own open first. */
export function InstallGuide({ platform, onPlatformChange }: { platform: Platform; onPlatformChange: (platform: Platform) => void }) {
  // Written at build time, the page holds a placeholder the server replaces with the request's host.
  const host = typeof window === 'undefined' ? SITE_HOST_PLACEHOLDER : window.location.host;
  return (
    <Tabs value={platform} onValueChange={(value) => onPlatformChange(value as Platform)}>
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

/**
 * The platform of the visitor's phone: Android as prerendered, then the user agent's once the page
 * runs (the build cannot know who will ask).
 */
export function useVisitorPlatform(): [Platform, (platform: Platform) => void] {
  const [platform, setPlatform] = useState<Platform>('android');
  useEffect(() => setPlatform(platformOf(navigator.userAgent)), []);
  return [platform, setPlatform];
}
