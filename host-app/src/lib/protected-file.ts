import { requestToken } from '@mashura/core'
import { useEffect, useState } from 'react'
import { API_KEY } from '../config/env.ts'

/**
 * Fetches an uploaded file (`GET /uploader/files/{id}`, which wants the API key and the bearer token that an
 * `<audio src>` or a plain link cannot send) and answers it as an object URL.
 */
export async function fetchProtectedFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = requestToken()
  const response = await fetch(url, {
    headers: { 'X-API-Key': API_KEY, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  })
  if (!response.ok) throw new Error(`file ${url}: ${response.status}`)
  return response.blob()
}

/** The object URL of an uploaded file once fetched (null before, or after a failure, which is logged). */
export function useProtectedFileUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false })
  useEffect(() => {
    if (!url) return
    const controller = new AbortController()
    let objectUrl: string | null = null
    fetchProtectedFile(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob)
        setState({ src: objectUrl, failed: false })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error(error)
        setState({ src: null, failed: true })
      },
    )
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [url])
  return state
}

/** Downloads an uploaded file under its original name. */
export async function downloadProtectedFile(url: string, name: string): Promise<void> {
  const blob = await fetchProtectedFile(url)
  const objectUrl = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = objectUrl
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000)
}
