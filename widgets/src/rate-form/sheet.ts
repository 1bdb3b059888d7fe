import css from './rate-form.css?inline'

/** The styles of `<rate-form>`'s shadow root; React hosts adopt them too. */
export const rateFormSheet = css
