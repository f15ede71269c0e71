/// <reference types="chrome" />

/**
 * The Stash server the extension starts with, written in at build time by scripts/build-extension.ts
 * from EXTENSION_SERVER_URL; null in the default build, whose options page asks for the server.
 */
declare const __STASH_SERVER_URL__: string | null;
