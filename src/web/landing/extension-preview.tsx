/** The extension at work, drawn: a browser tab with Stash's popup saying the page is saved. */
export function ExtensionPreview() {
  return (
    <svg
      viewBox="0 0 480 320"
      role="img"
      aria-labelledby="extension-preview-title"
      className="w-full rounded-xl border border-border bg-background shadow-lg"
    >
      <title id="extension-preview-title">
        The Stash extension saving the page open in the browser, with its title and address filled in
      </title>
      {/* Window and toolbar */}
      <rect x="0" y="0" width="480" height="40" className="fill-muted" />
      <circle cx="20" cy="20" r="6" fill="#ef4444" />
      <circle cx="40" cy="20" r="6" fill="#f59e0b" />
      <circle cx="60" cy="20" r="6" fill="#22c55e" />
      <rect x="84" y="10" width="300" height="20" rx="10" className="fill-background" />
      <rect x="100" y="17" width="160" height="6" rx="3" className="fill-muted-foreground" opacity="0.5" />
      <rect x="432" y="8" width="24" height="24" rx="6" className="fill-primary" />
      <path d="M438 16h12M438 20h12M438 24h8" className="stroke-primary-foreground" strokeWidth="2" strokeLinecap="round" />
      {/* The article behind the popup */}
      <rect x="32" y="64" width="220" height="14" rx="4" className="fill-foreground" opacity="0.8" />
      {[96, 112, 128, 144, 176, 192, 208, 224, 256, 272].map((y, i) => (
        <rect key={y} x="32" y={y} width={i % 3 === 2 ? 150 : 210} height="6" rx="3" className="fill-muted-foreground" opacity="0.35" />
      ))}
      {/* The popup */}
      <rect x="268" y="44" width="196" height="200" rx="12" className="fill-background stroke-border" strokeWidth="2" />
      <circle cx="292" cy="72" r="12" className="fill-primary" />
      <path
        d="M286 72l4 4 8-8"
        className="stroke-primary-foreground"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="312" y="77" className="fill-foreground" fontSize="14" fontWeight="700">
        Saved to Stash
      </text>
      <text x="284" y="110" className="fill-muted-foreground" fontSize="10">
        Title
      </text>
      <rect x="284" y="116" width="164" height="22" rx="5" className="fill-muted" />
      <rect x="292" y="124" width="120" height="6" rx="3" className="fill-foreground" opacity="0.7" />
      <text x="284" y="156" className="fill-muted-foreground" fontSize="10">
        URL
      </text>
      <rect x="284" y="162" width="164" height="22" rx="5" className="fill-muted" />
      <rect x="292" y="170" width="96" height="6" rx="3" className="fill-muted-foreground" opacity="0.7" />
      <rect x="284" y="200" width="164" height="28" rx="6" className="fill-primary" />
      <text x="366" y="218" textAnchor="middle" className="fill-primary-foreground" fontSize="12" fontWeight="600">
        Add to newsletter
      </text>
    </svg>
  );
}
