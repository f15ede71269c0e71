/** The "change my mind" table and sign, drawn with CSS: the claim our ad dares the reader to dispute. */
export function ChangeMyMindMeme() {
  return (
    <div className="w-full max-w-xl rounded-2xl bg-muted px-6 pt-10 sm:px-10">
      <div className="flex items-end justify-center gap-6">
        <p className="rounded-md border-4 border-foreground bg-background px-6 py-8 text-xl font-bold sm:text-2xl">
          Saved links never get read.
          <br />
          Change my mind.
        </p>
        <div aria-hidden className="relative mb-0 h-12 w-9 rounded-b-lg bg-primary">
          <span className="absolute top-2 -right-3 h-6 w-4 rounded-r-full border-4 border-l-0 border-primary" />
        </div>
      </div>
      <div aria-hidden className="h-4 rounded bg-foreground/75" />
      <div aria-hidden className="mx-10 flex justify-between">
        <span className="h-14 w-3 bg-foreground/60" />
        <span className="h-14 w-3 bg-foreground/60" />
      </div>
    </div>
  );
}
