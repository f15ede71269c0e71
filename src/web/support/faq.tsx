import { track } from '@web/analytics/track';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { faqEntries } from './faq-entries';

/** The FAQ accordions; opening a question is recorded as a help event. */
export function Faq() {
  return (
    <Accordion type="single" collapsible onValueChange={(question) => question && track('help_click', { question })}>
      {faqEntries.map(({ question, answer }) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>{answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
