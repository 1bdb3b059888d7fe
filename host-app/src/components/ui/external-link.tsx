import type { AnchorHTMLAttributes } from 'react'

/** A link that opens another site in a new tab, without giving that page a hold on this one. */
export function ExternalLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />
}
