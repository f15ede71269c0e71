import { track } from '@web/analytics/track';
import { usePlans } from '@web/billing/use-plans';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { faqEntries } from './faq-entries';

/** The FAQ accordions; opening a question is recorded as a help event. Plans and prices only once billing is known to be on. */
export function Faq() {
  const plans = usePlans();
  const billingOn = plans.data !== undefined && plans.data.billing !== 'off';
  return (
    <Accordion type="single" collapsible onValueChange={(question) => question && track('help_click', { question })}>
      {faqEntries
        .filter((entry) => billingOn || !entry.billingOnly)
        .map(({ question, answer }) => (
          <AccordionItem key={question} value={question}>
            <AccordionTrigger>{question}</AccordionTrigger>
            <AccordionContent>{answer}</AccordionContent>
          </AccordionItem>
        ))}
    </Accordion>
  );
}
