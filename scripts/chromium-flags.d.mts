// Types of scripts/chromium-flags.mjs, for playwright.config.ts.
export declare const CHROMIUM_FLAGS: string[];
