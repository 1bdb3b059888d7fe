import {
  $notificationCount,
  type AppNotification,
  getNotifications,
  markNotificationRead,
  type PageMeta,
} from '@mashura/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../../lib/api.ts'
import { showApiError } from '../../lib/notices.ts'

/** What {@link useNotifications} returns. */
export interface NotificationsState {
  /** The notifications loaded so far, newest first. */
  items: AppNotification[]
  /** The paging block of the last page loaded. */
  meta: PageMeta | null
  /** Whether a page is loading. */
  loading: boolean
  /** Whether the last load failed. */
  failed: boolean
  /** Loads the next page (or the failed one again). */
  loadMore: () => void
  /** Marks one notification read; the live count follows through realtime. Resolves true when it worked. */
  markRead: (id: number) => Promise<boolean>
}

/**
 * The expert's notifications, page by page ("show more" appends the next page). A failed load is logged and
 * reported through `failed` (spec 8); marking read shows the server's message on failure. When the live
 * notification count rises, a notification arrived: the first page is read again and what is new goes on top,
 * the pages already shown stay (the count's first arrival after the page opened looks like a rise too, and
 * used to start the list over, undoing a "show more").
 */
export function useNotifications(lang: string): NotificationsState {
  const [items, setItems] = useState<AppNotification[]>([])
  const [meta, setMeta] = useState<PageMeta | null>(null)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(true)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [arrivals, setArrivals] = useState(0)

  // A new language starts over: titles and bodies come translated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lang is the reason to reset
  useEffect(() => {
    setItems([])
    setPage(1)
  }, [lang])

  // A new notification (the live count went up) shows at the top without a reload.
  const lastCount = useRef($notificationCount.get())
  useEffect(
    () =>
      $notificationCount.listen((count) => {
        const rose = count > lastCount.current
        lastCount.current = count
        if (rose) setArrivals((n) => n + 1)
      }),
    [],
  )

  // What arrived: page one again, its new items on top of those shown.
  useEffect(() => {
    if (arrivals === 0) return
    const controller = new AbortController()
    getNotifications(api, { page: 1 }, { signal: controller.signal }).then(
      (result) =>
        setItems((before) => {
          const shown = new Set(before.map((item) => item.id))
          return [...result.data.filter((item) => !shown.has(item.id)), ...before]
        }),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error(error)
      },
    )
    return () => controller.abort()
  }, [arrivals])

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads the same page after a failure
  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    setFailed(false)
    getNotifications(api, { page }, { signal: controller.signal }).then(
      (result) => {
        // Pages shift when notifications arrive: one already shown is not shown twice.
        setItems((before) => {
          if (page === 1) return result.data
          const shown = new Set(before.map((item) => item.id))
          return [...before, ...result.data.filter((item) => !shown.has(item.id))]
        })
        setMeta(result.meta)
        setLoading(false)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error(error)
        setFailed(true)
        setLoading(false)
      },
    )
    return () => controller.abort()
  }, [page, attempt, lang])

  const loadMore = useCallback(() => {
    if (failed) setAttempt((n) => n + 1)
    else setPage((n) => n + 1)
  }, [failed])

  const markRead = useCallback(async (id: number) => {
    try {
      const { data } = await markNotificationRead(api, { id })
      setItems((before) => before.map((item) => (item.id === id ? { ...item, read_at: data.read_at } : item)))
      return true
    } catch (error) {
      showApiError(error)
      return false
    }
  }, [])

  return { items, meta, loading, failed, loadMore, markRead }
}
