/**
 * Host app messages: my-data (issue 34). Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`).
 */
export const ar = {} as const satisfies Record<`myData.${string}`, string>

export const en = {} as const satisfies Record<keyof typeof ar, string>
