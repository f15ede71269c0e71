import { Page } from '@web/components/page';
import { ContactCard } from '@web/support/contact-card';
import { ExtensionCard } from '@web/support/extension-card';
import { Faq } from '@web/support/faq';

export function SupportPage() {
  return (
    <Page title="Support">
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <ContactCard />
        <ExtensionCard />
      </div>
      <section aria-labelledby="faq-heading" className="mt-12 max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-semibold">
          Frequently asked questions
        </h2>
        <Faq />
      </section>
    </Page>
  );
}
