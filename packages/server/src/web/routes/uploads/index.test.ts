import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ar, en } from '@mashura/core/i18n/server'
import type { LightMyRequestResponse } from 'fastify'
import { expect, it } from 'vitest'
import {
  jpegWithGps,
  multipartBody,
  type Part,
  pdfFile,
  pngFile,
  wavFile,
  webmRecording,
  zipFile,
} from '../../../adapters/files/test-files.ts'
import { eachDatabase, type TestPerson, usePeople, useTestContext } from '../../../test-support/context.ts'
import { addSession, hoursFromNow } from '../../../test-support/fixtures.ts'

const VOICE = '/api/uploader/voice_note/upload/dashboard'
const ATTACH = '/api/uploader/attachments/upload'
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/

/** Expects the 422 of a refused upload: `invalid_file`, its message in `lang`, naming `field`. */
function expectInvalidFile(
  res: LightMyRequestResponse,
  lang: 'ar' | 'en',
  key: 'errors.fileDamaged' | 'errors.fileMixed',
  field: string,
): void {
  const messages = lang === 'ar' ? ar : en
  expect(res.statusCode).toBe(422)
  expect(res.json()).toEqual({
    error: { code: 'invalid_file', message: messages[key], fields: { [field]: messages[key] } },
  })
}

eachDatabase('uploads', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, owner, stranger } = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة الشمري' },
    stranger: { name: 'فهد الدوسري' },
  })

  const stored = () => {
    try {
      return readdirSync(join(ctx.config.dataDir, 'uploads')).sort()
    } catch {
      return []
    }
  }
  const upload = (url: string, parts: Part[], token: string | null = expert.token, lang?: 'ar' | 'en') => {
    const { payload, headers } = multipartBody(parts)
    return ctx.call({ method: 'POST', url, payload, headers, token, ...(lang ? { lang } : {}) })
  }
  const fileRows = async () =>
    (
      await ctx.store.db
        .selectFrom('files')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n

  it('stores a voice note under a server-made name and answers its duration', async () => {
    const before = stored()
    const res = await upload(VOICE, [{ field: 'file', filename: '../../etc/passwd', data: wavFile(2) }])
    expect(res.statusCode).toBe(201)
    const { file, duration } = res.json().data
    expect(duration).toBe(2)
    expect(file).toMatchObject({ name: 'passwd', mime_type: 'audio/wav', size: wavFile(2).length })
    expect(file.full_path).toBe(`${ctx.config.publicUrl}/api/uploader/files/${file.path}`)
    const row = await ctx.store.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', file.path)
      .executeTakeFirstOrThrow()
    expect(row.stored_name).toMatch(UUID_NAME)
    expect(row.stored_name.endsWith('.wav')).toBe(true)
    expect(row).toMatchObject({ kind: 'voice_note', owner_person_id: expert.personId, duration_seconds: 2 })
    expect(stored()).toEqual([...before, row.stored_name].sort())
  })

  it('refuses a voice note that is not audio, by its bytes, and writes nothing', async () => {
    const before = stored()
    const res = await upload(VOICE, [
      { field: 'file', filename: 'note.wav', contentType: 'audio/wav', data: pdfFile() },
    ])
    expect(res.statusCode).toBe(415)
    expect(res.json().error).toMatchObject({
      code: 'unsupported_media_type',
      message: ar['errors.unsupportedMediaType'],
    })
    expect(stored()).toEqual(before)
  })

  it("stores a voice note Chromium's MediaRecorder recorded, its duration counted from its blocks", async () => {
    const res = await upload(VOICE, [
      { field: 'file', filename: 'blob', contentType: 'audio/webm;codecs=opus', data: webmRecording() },
    ])
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({ duration: 1, file: { mime_type: 'audio/webm' } })
  })

  it('refuses a voice note that is a RIFF header and anything after it, with 422 and nothing stored', async () => {
    const before = stored()
    const rows = await fileRows()
    const riff = Buffer.concat([Buffer.from('RIFF\x20\0\0\0WAVE', 'latin1'), Buffer.from('x'.repeat(24))])
    for (const lang of ['ar', 'en'] as const) {
      const res = await upload(
        VOICE,
        [{ field: 'file', filename: 'note.wav', data: riff }],
        expert.token,
        lang,
      )
      expectInvalidFile(res, lang, 'errors.fileDamaged', 'file')
    }
    const silent = wavFile(1).subarray(0, 44)
    silent.writeUInt32LE(36, 4)
    silent.writeUInt32LE(0, 40)
    const empty = await upload(VOICE, [{ field: 'file', filename: 'silence.wav', data: silent }])
    expect(empty.statusCode).toBe(422)
    expect(empty.json().error.message).toBe(ar['errors.recordingEmpty'])
    expect(stored()).toEqual(before)
    expect(await fileRows()).toBe(rows)
  })

  it('refuses a polyglot attachment (a PNG with a ZIP after IEND) with 422, refusing the whole upload', async () => {
    const before = stored()
    const rows = await fileRows()
    for (const lang of ['ar', 'en'] as const) {
      const res = await upload(
        ATTACH,
        [
          { field: 'files[]', filename: 'plan.pdf', data: pdfFile() },
          { field: 'files[]', filename: 'chart.png', data: Buffer.concat([pngFile(), zipFile()]) },
        ],
        expert.token,
        lang,
      )
      expectInvalidFile(res, lang, 'errors.fileMixed', 'files[]')
    }
    const markup = Buffer.from(
      pdfFile().toString('latin1').replace('%PDF-1.4\n', '%PDF-1.4\n%<html><script>alert(1)</script>\n'),
      'latin1',
    )
    const html = await upload(ATTACH, [{ field: 'files[]', filename: 'plan.pdf', data: markup }])
    expect(html.statusCode).toBe(422)
    expect(html.json().error.code).toBe('invalid_file')
    expect(stored()).toEqual(before)
    expect(await fileRows()).toBe(rows)
  })

  it('needs a signed-in person', async () => {
    const res = await upload(VOICE, [{ field: 'file', filename: 'a.wav', data: wavFile() }], null)
    expect(res.statusCode).toBe(401)
  })

  it('stores attachments typed by their bytes, not their names', async () => {
    const res = await upload(ATTACH, [
      { field: 'files[]', filename: 'photo.png', contentType: 'image/png', data: pdfFile() },
      { field: 'files[]', filename: 'report.pdf', contentType: 'application/pdf', data: pngFile() },
      { field: 'files[]', filename: '..\\..\\windows\\system.ini', data: pdfFile() },
    ])
    expect(res.statusCode).toBe(201)
    const files = res.json().data.files
    expect(files.map((f: { name: string; mime_type: string }) => [f.name, f.mime_type])).toEqual([
      ['photo.png', 'application/pdf'],
      ['report.pdf', 'image/png'],
      ['system.ini', 'application/pdf'],
    ])
    const rows = await ctx.store.db
      .selectFrom('files')
      .select(['id', 'stored_name'])
      .where(
        'id',
        'in',
        files.map((f: { path: string }) => f.path),
      )
      .execute()
    for (const r of rows) expect(r.stored_name).toMatch(UUID_NAME)
    expect(rows.find((r) => r.id === files[0].path)!.stored_name.endsWith('.pdf')).toBe(true)
  })

  it('refuses a whole upload when one file is of a refused type, writing nothing', async () => {
    const before = stored()
    const res = await upload(ATTACH, [
      { field: 'files[]', filename: 'ok.pdf', data: pdfFile() },
      { field: 'files[]', filename: 'voice.pdf', data: wavFile() },
    ])
    expect(res.statusCode).toBe(415)
    expect(stored()).toEqual(before)
  })

  it('refuses a file over 10 MB with 413, writing nothing', async () => {
    const before = stored()
    const res = await upload(ATTACH, [
      { field: 'files[]', filename: 'big.pdf', data: pdfFile(10 * 1024 * 1024 + 1) },
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('file_too_large')
    expect(res.json().error.message).toContain('١٠')
    const voice = await upload(VOICE, [{ field: 'file', filename: 'big.wav', data: wavFile(700) }])
    expect(voice.statusCode).toBe(413)
    expect(stored()).toEqual(before)
  })

  it('refuses more than 10 files with 413, writing nothing', async () => {
    const before = stored()
    const parts = Array.from({ length: 11 }, (_, i) => ({
      field: 'files[]',
      filename: `p${i}.png`,
      data: pngFile(),
    }))
    const res = await upload(ATTACH, parts)
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({ code: 'too_many_files', message: expect.stringContaining('١٠') })
    expect(stored()).toEqual(before)
  })

  it('refuses files in another field and an upload without files', async () => {
    const other = await upload(ATTACH, [{ field: 'avatar', filename: 'a.png', data: pngFile() }])
    expect(other.statusCode).toBe(400)
    const none = await upload(ATTACH, [{ field: 'note', data: 'hello' }])
    expect(none.statusCode).toBe(400)
    const json = await ctx.post(ATTACH, expert.token, { files: [] })
    expect(json.statusCode).toBe(415)
  })

  it('stores a phone photo without its GPS position, camera, XMP or comment (issue 34), at its new size', async () => {
    const photo = jpegWithGps()
    const up = await upload(ATTACH, [{ field: 'files[]', filename: 'IMG_0001.jpg', data: photo }])
    expect(up.statusCode).toBe(201)
    const [file] = up.json().data.files
    const served = (await ctx.get(`/api/uploader/files/${file.path}`, expert.token)).rawPayload
    for (const text of ['GPS-MARK', 'PhoneMaker', 'xmpmeta', 'secret note'])
      expect(served.includes(Buffer.from(text, 'latin1'))).toBe(false)
    expect(served.length).toBeLessThan(photo.length)
    const row = await ctx.store.db
      .selectFrom('files')
      .select('size')
      .where('id', '=', file.path)
      .executeTakeFirstOrThrow()
    expect(row.size).toBe(served.length)
    // On disk too: the stored file is the clean one.
    const disk = readFileSync(join(ctx.config.dataDir, 'uploads', `${file.path}.jpg`))
    expect(disk.equals(served)).toBe(true)
  })

  it("serves a file to its uploader, then to the session's two people only", async () => {
    const up = await upload(ATTACH, [{ field: 'files[]', filename: 'خطة.pdf', data: pdfFile() }])
    const id = up.json().data.files[0].path as string
    const get = (who: TestPerson) => ctx.get(`/api/uploader/files/${id}`, who.token)

    const mine = await get(expert)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('application/pdf')
    expect(mine.headers['x-content-type-options']).toBe('nosniff')
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/)
    expect(mine.rawPayload.equals(pdfFile())).toBe(true)
    expect((await get(owner)).statusCode).toBe(404)

    const session = await addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-2),
      smeId: owner.personId,
      state: 'ended',
    })
    await ctx.store.db.updateTable('files').set({ session_id: session.id }).where('id', '=', id).execute()
    expect((await get(owner)).statusCode).toBe(200)
    expect((await get(expert)).statusCode).toBe(200)
    expect((await get(stranger)).statusCode).toBe(404)
    const unknown = await ctx.get('/api/uploader/files/00000000-0000-4000-8000-000000000000', owner.token)
    expect(unknown.statusCode).toBe(404)
    expect((await ctx.get(`/api/uploader/files/${id}`)).statusCode).toBe(401)
  })
})
