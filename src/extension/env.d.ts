/// <reference types="chrome" />

/** The Stash server the extension starts with; scripts/build-extension.ts writes it in at build time. */
declare const __STASH_SERVER_URL__: string;
