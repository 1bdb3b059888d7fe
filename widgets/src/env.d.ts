/** A stylesheet imported as text (Vite's `?inline`), for adoption into a shadow root. */
declare module '*.css?inline' {
  const css: string
  export default css
}
