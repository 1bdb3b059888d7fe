import { useCallback, useEffect, useRef, useState } from 'react'

/** What the recorder is doing. */
export type RecorderState =
  | 'idle'
  | 'requesting'
  | 'recording'
  | 'recorded'
  | 'denied'
  | 'unsupported'
  | 'failed'

/** A finished recording. */
export interface VoiceNote {
  /** The recorded audio, in the type the browser recorded. */
  blob: Blob
  /** The recording's length in seconds (at least 1). */
  seconds: number
}

/** The recording types to try, best first: Opus in WebM is what the server and most browsers agree on. */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4']

/** The first recording type this browser supports, or '' to let it choose. */
function recordingType(): string {
  return TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? ''
}

/** Whether this browser can record from the microphone at all. */
export function canRecord(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  )
}

/**
 * The microphone recording behind `VoiceRecorder`: asks for the microphone, records with MediaRecorder,
 * counts the elapsed time, stops by itself at `maxSeconds`, and always releases the microphone (on stop,
 * on clear and on unmount). `onRecorded` gets each finished recording.
 */
export function useRecorder(maxSeconds: number, onRecorded: (note: VoiceNote) => void) {
  const [state, setState] = useState<RecorderState>(() => (canRecord() ? 'idle' : 'unsupported'))
  const [elapsed, setElapsed] = useState(0)
  const [url, setUrl] = useState<string | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const onRecordedRef = useRef(onRecorded)
  onRecordedRef.current = onRecorded

  const release = useCallback(() => {
    window.clearInterval(timer.current)
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
  }, [])

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop()
  }, [])

  const start = useCallback(async () => {
    if (!canRecord()) return setState('unsupported')
    setState('requesting')
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (error) {
      const name = error instanceof DOMException ? error.name : ''
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed')
      return
    }
    const type = recordingType()
    const media = new MediaRecorder(stream.current, type ? { mimeType: type } : undefined)
    const chunks: Blob[] = []
    const began = performance.now()
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    media.onstop = () => {
      release()
      const seconds = Math.max(1, Math.round((performance.now() - began) / 1000))
      const blob = new Blob(chunks, { type: media.mimeType || type || 'audio/webm' })
      setElapsed(seconds)
      setUrl(URL.createObjectURL(blob))
      setState('recorded')
      onRecordedRef.current({ blob, seconds })
    }
    recorder.current = media
    media.start()
    setElapsed(0)
    setState('recording')
    timer.current = window.setInterval(() => {
      const seconds = Math.floor((performance.now() - began) / 1000)
      setElapsed(seconds)
      if (seconds >= maxSeconds) stop()
    }, 250)
  }, [maxSeconds, release, stop])

  const clear = useCallback(() => {
    if (recorder.current?.state === 'recording') {
      // Drop the recording being made: stop without delivering it.
      recorder.current.onstop = null
      recorder.current.stop()
    }
    release()
    recorder.current = null
    setUrl(null)
    setElapsed(0)
    setState(canRecord() ? 'idle' : 'unsupported')
  }, [release])

  // The object URL is released when it is replaced or the recorder goes away.
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.onstop = null
        recorder.current.stop()
      }
      release()
    },
    [release],
  )

  return { state, elapsed, url, start, stop, clear }
}
