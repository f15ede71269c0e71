/** A tab whose settings arrive with a later release. */
export function ComingLaterTab({ title, text }: { title: string; text: string }) {
  return (
    <section className="rounded-lg border border-dashed border-border p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
    </section>
  );
}
