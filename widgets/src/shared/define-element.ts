/**
 * Registers a widget's element class under `tag`, unless the tag is taken (registering twice does nothing).
 * A tag other than the class's own gets a subclass: the registry takes each class under one name only.
 */
export function defineElement(tag: string, ownTag: string, element: CustomElementConstructor): void {
  if (customElements.get(tag)) return
  customElements.define(tag, tag === ownTag ? element : class extends element {})
}
