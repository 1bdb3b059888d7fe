/** Where Debian's Chromium lives; `CHROMIUM_PATH` overrides it. */
export declare const chromiumPath: string
/** The flags every test launch uses: headless, no sandbox (root in CI), nothing that dials out. */
export declare const chromiumArgs: string[]
//# sourceMappingURL=chromium.d.ts.map
