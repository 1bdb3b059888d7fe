/** How the mentor video is shown: a player for a file, or an embedded page (YouTube, Vimeo…). */
export type VideoSource = { kind: 'file'; url: string } | { kind: 'embed'; url: string }

/** The YouTube video id of a watch, short, embed or shorts address, if it is one. */
function youTubeId(url: URL): string | null {
  const host = url.hostname.replace(/^www\.|^m\./, '')
  if (host === 'youtu.be') return url.pathname.slice(1) || null
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null
  if (url.pathname === '/watch') return url.searchParams.get('v')
  const match = /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(url.pathname)
  return match?.[1] ?? null
}

/**
 * Reads the mentor-video setting: YouTube and Vimeo addresses become their embed pages (YouTube's
 * no-cookie host, so that nothing is stored before the visitor plays), other `/embed/` pages are embedded
 * as they are, and anything else is taken for a video file. Not an http(s) address: nothing to show.
 */
export function videoSource(value: string): VideoSource | null {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const youTube = youTubeId(url)
  if (youTube)
    return { kind: 'embed', url: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youTube)}` }
  const host = url.hostname.replace(/^www\./, '')
  const vimeo = host === 'vimeo.com' ? /^\/(\d+)/.exec(url.pathname)?.[1] : undefined
  if (vimeo) return { kind: 'embed', url: `https://player.vimeo.com/video/${vimeo}` }
  if (host === 'player.vimeo.com' || url.pathname.includes('/embed/')) return { kind: 'embed', url: url.href }
  return { kind: 'file', url: url.href }
}
