/** A mono 16-bit WAV recording of a quiet tone, `seconds` long: a voice note the server can measure. */
export function wavTone(seconds: number, rate = 8000): Blob {
  const samples = Math.round(seconds * rate)
  const data = new DataView(new ArrayBuffer(44 + samples * 2))
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) data.setUint8(at + i, value.charCodeAt(i))
  }
  text(0, 'RIFF')
  data.setUint32(4, 36 + samples * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  data.setUint32(16, 16, true)
  data.setUint16(20, 1, true) // PCM
  data.setUint16(22, 1, true) // mono
  data.setUint32(24, rate, true)
  data.setUint32(28, rate * 2, true) // bytes a second
  data.setUint16(32, 2, true) // bytes a sample
  data.setUint16(34, 16, true) // bits a sample
  text(36, 'data')
  data.setUint32(40, samples * 2, true)
  for (let i = 0; i < samples; i++)
    data.setInt16(44 + i * 2, Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), true)
  return new Blob([data.buffer], { type: 'audio/wav' })
}
