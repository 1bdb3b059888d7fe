import { expect, it } from 'vitest'
import { DATABASES, usePeople, useTestContext } from '../../../test-support/context.ts'

const ctx = useTestContext(DATABASES[0]!)
const { expert } = usePeople(ctx, { expert: { contributor: { kind: 'consultant' } } })

it('answers a multipart upload without a boundary, or cut off, with 400 in the envelope, never a 500', async () => {
  const cut =
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF'
  for (const url of ['/api/uploader/voice_note/upload/dashboard', '/api/uploader/attachments/upload']) {
    for (const [type, body] of [
      ['multipart/form-data', cut],
      ['multipart/form-data; boundary=xyz', cut],
    ] as const) {
      const res = await ctx.call({
        method: 'POST',
        url,
        token: expert.token,
        lang: 'en',
        headers: { 'content-type': type },
        payload: body,
      })
      expect(res.statusCode, `${url} ${type}`).toBe(400)
      expect(res.json().error.code, `${url} ${type}`).toMatch(
        /^(invalid_multipart|unknown_field|validation_failed)$/,
      )
    }
  }
})
