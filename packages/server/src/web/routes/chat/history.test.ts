import type { ChatConversationSummary, ChatMessage } from '@mashura/core'
import { ar, en } from '@mashura/core/i18n/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartBody, pdfFile, pngFile, wavFile } from '../../../adapters/files/test-files.ts'
import { openSocket, type TestSocket } from '../../../adapters/realtime/test-client.ts'
import { DEV_API_KEY } from '../../../config.ts'
import {
  eachDatabase,
  jsonOf,
  type TestPerson,
  useBusEvents,
  useTestContext,
} from '../../../test-support/context.ts'
import { useChatCast } from '../../../test-support/suite-fixtures.ts'

const HTML = '<img src=x onerror=alert(1)> <b>مرحبا</b> &amp;'

eachDatabase('chat history and read state', (dialect) => {
  const ctx = useTestContext(dialect)
  let address: string
  beforeAll(async () => {
    address = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/api/realtime`
  })
  const { expert, expertOff, otherExpert, owner, otherOwner } = useChatCast(ctx, { expertOffChats: true })
  const events = useBusEvents(ctx)
  const sockets: TestSocket[] = []
  afterAll(() => {
    for (const s of sockets) s.close()
  })

  const send = (from: TestPerson, to: number, role: 'sme' | 'contributor', message: string, type = 'text') =>
    ctx.post(`/api/schedule/notifiable-id/${to}/chat-notification`, from.token, {
      notifiable_user: role,
      type,
      message,
    })
  const messages = (who: TestPerson, id: number | string, query: string, lang?: 'ar' | 'en') =>
    ctx.call({
      method: 'GET',
      url: `/api/chat/messages/${id}?${query}`,
      token: who.token,
      ...(lang ? { lang } : {}),
    })
  const read = (who: TestPerson, id: number, userType: 'sme' | 'contributor') =>
    ctx.call({ method: 'POST', url: `/api/chat/read/${id}?user_type=${userType}`, token: who.token })
  const conversations = (who: TestPerson, as: string) =>
    ctx.get(`/api/chat/conversations?as=${as}`, who.token)
  const upload = (who: TestPerson, url: string, field: string, filename: string, data: Buffer) => {
    const { payload, headers } = multipartBody([{ field, filename, data }])
    return ctx.call({ method: 'POST', url, payload, headers, token: who.token })
  }

  it('publishes the three calls in the OpenAPI document as reference-server extensions', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const [method, path] of [
      ['get', '/chat/conversations'],
      ['get', '/chat/messages/{id}'],
      ['post', '/chat/read/{id}'],
    ] as const) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.description).toContain('reference-server extension')
      expect(op.responses['200']).toBeDefined()
    }
  })

  describe('before the first message', () => {
    it('answers an empty history and no conversations to the two people who share a session', async () => {
      const res = await messages(owner, expert.contributorId!, 'user_type=contributor')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } })
      expect((await messages(expert, owner.personId, 'user_type=sme')).json().data).toEqual([])
      expect((await conversations(owner, 'sme')).json().data).toEqual([])
      expect((await read(owner, expert.contributorId!, 'contributor')).json().data).toEqual({ read: 0 })
    })
  })

  describe('messages both ways', () => {
    beforeAll(async () => {
      expect((await send(owner, expert.contributorId!, 'contributor', 'السلام عليكم')).statusCode).toBe(201)
      expect((await send(owner, expert.contributorId!, 'contributor', HTML)).statusCode).toBe(201)
      expect((await send(expert, owner.personId, 'sme', 'وعليكم السلام')).statusCode).toBe(201)
      expect((await send(owner, expert.contributorId!, 'contributor', 'شكرًا')).statusCode).toBe(201)
    })

    it('reads the messages newest first, each marked mine or not, the text exactly as sent', async () => {
      const res = await messages(owner, expert.contributorId!, 'user_type=contributor')
      expect(res.statusCode).toBe(200)
      const list = res.json().data as ChatMessage[]
      expect(list.map((m) => m.body)).toEqual(['شكرًا', 'وعليكم السلام', HTML, 'السلام عليكم'])
      expect(list.map((m) => m.mine)).toEqual([true, false, true, true])
      expect(list[0]).toMatchObject({
        type: 'text',
        user: { id: `sme:${owner.personId}` },
        status: 1,
        file: null,
      })
      // Each reply marked the other side's earlier messages read.
      expect(list.map((m) => m.status)).toEqual([1, 2, 2, 2])
      expect(list[1]!.user.id).toBe(expert.contributorId)
      const theirs = (await messages(expert, owner.personId, 'user_type=sme')).json().data as ChatMessage[]
      expect(theirs.map((m) => m.mine)).toEqual([false, true, false, false])
    })

    it('pages', async () => {
      const res = await messages(owner, expert.contributorId!, 'user_type=contributor&page=2&per_page=3')
      expect(res.json().meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2 })
      expect((res.json().data as ChatMessage[]).map((m) => m.body)).toEqual(['السلام عليكم'])
    })

    it("lists each side's conversations with the other person, the last message and the unread count", async () => {
      const mine = (await conversations(owner, 'sme')).json().data as ChatConversationSummary[]
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({
        id: String(owner.personId),
        contributor: { id: expert.contributorId, sso_user: { full_name: 'نورة القحطاني' } },
        sme: { id: owner.personId, full_name: 'سارة الشمري' },
        lastMessage: { user: { id: `sme:${owner.personId}` }, body: 'شكرًا', status: 1 },
        unread: 0,
      })
      const theirs = (await conversations(expert, 'contributor')).json().data as ChatConversationSummary[]
      expect(theirs).toHaveLength(1)
      expect(theirs[0]).toMatchObject({ sme: { id: owner.personId }, unread: 1 })
      // As a business owner, the expert has no conversations of their own.
      expect((await conversations(expert, 'sme')).json().data).toEqual([])
    })

    it('marks the other party’s messages read once, and says so on the bus', async () => {
      events.length = 0
      const res = await read(expert, owner.personId, 'sme')
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({ read: 1 })
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'conversation.changed',
          contributorId: expert.contributorId,
          smeId: owner.personId,
        }),
      )
      expect((await read(expert, owner.personId, 'sme')).json().data).toEqual({ read: 0 })
      const theirs = (await conversations(expert, 'contributor')).json().data as ChatConversationSummary[]
      expect(theirs[0]!.unread).toBe(0)
      expect(theirs[0]!.lastMessage?.status).toBe(2)
    })

    it('keeps the history readable after chat is switched off', async () => {
      expect((await send(owner, expertOff.contributorId!, 'contributor', 'مرحبا')).statusCode).toBe(201)
      await ctx.store.db
        .updateTable('contributors')
        .set({ chat_status: 0 })
        .where('id', '=', expertOff.contributorId!)
        .execute()
      const res = await messages(owner, expertOff.contributorId!, 'user_type=contributor')
      expect(res.statusCode).toBe(200)
      expect((res.json().data as ChatMessage[]).map((m) => m.body)).toEqual(['مرحبا'])
      expect((await send(owner, expertOff.contributorId!, 'contributor', 'هل أنت هنا؟')).statusCode).toBe(403)
    })
  })

  describe('who may read', () => {
    it('asks for a sign-in (401)', async () => {
      const res = await ctx.get('/api/chat/conversations?as=sme')
      expect(res.statusCode).toBe(401)
      const msgs = await ctx.get(`/api/chat/messages/${owner.personId}?user_type=sme`)
      expect(msgs.statusCode).toBe(401)
      const r = await ctx.call({ method: 'POST', url: `/api/chat/read/${owner.personId}?user_type=sme` })
      expect(r.statusCode).toBe(401)
    })

    it('refuses the expert side to a person without an expert identity (403), in Arabic and English', async () => {
      const res = await messages(otherOwner, owner.personId, 'user_type=sme')
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe(ar['errors.contributorOnly'])
      const enRes = await messages(otherOwner, owner.personId, 'user_type=sme', 'en')
      expect(enRes.json().error.message).toBe(en['errors.contributorOnly'])
      expect((await conversations(otherOwner, 'contributor')).statusCode).toBe(403)
      expect((await read(otherOwner, owner.personId, 'sme')).statusCode).toBe(403)
    })

    it('answers 404 to anyone who is not one of the two people', async () => {
      // Another business owner asking for the expert's conversation with her.
      expect((await messages(otherOwner, expert.contributorId!, 'user_type=contributor')).statusCode).toBe(
        404,
      )
      // Another expert asking for the business owner's conversation with him.
      expect((await messages(otherExpert, owner.personId, 'user_type=sme')).statusCode).toBe(404)
      expect((await read(otherExpert, owner.personId, 'sme')).statusCode).toBe(404)
      // The expert with themself, and unknown people.
      expect((await messages(expert, expert.personId, 'user_type=sme')).statusCode).toBe(404)
      expect((await messages(owner, 999_999, 'user_type=contributor')).statusCode).toBe(404)
      const en404 = await messages(owner, 999_999, 'user_type=contributor', 'en')
      expect(en404.json().error.message).toBe(en['errors.notFound'])
    })

    it('refuses malformed input (400)', async () => {
      expect((await messages(owner, 'abc', 'user_type=contributor')).statusCode).toBe(400)
      expect((await messages(owner, expert.contributorId!, 'user_type=admin')).statusCode).toBe(400)
      expect((await messages(owner, expert.contributorId!, '')).statusCode).toBe(400)
      expect(
        (await messages(owner, expert.contributorId!, 'user_type=contributor&per_page=500')).statusCode,
      ).toBe(400)
      expect((await conversations(owner, 'admin')).statusCode).toBe(400)
      const missing = await jsonOf(ctx.get('/api/chat/conversations', owner.token, 'en'), 400)
      expect(missing.error.message).toBe(en['errors.validationFailed'])
    })
  })

  describe('voice notes and files', () => {
    let voice: { full_path: string; path: string }
    let pdf: { full_path: string; path: string }
    let png: { full_path: string; path: string }
    let othersFile: { full_path: string; path: string }

    beforeAll(async () => {
      const v = await upload(
        owner,
        '/api/uploader/voice_note/upload/dashboard',
        'file',
        'note.wav',
        wavFile(3),
      )
      voice = v.json().data.file
      const files = await ctx.call({
        method: 'POST',
        url: '/api/uploader/attachments/upload',
        token: owner.token,
        ...multipartBody([
          { field: 'files[]', filename: 'plan.pdf', data: pdfFile() },
          { field: 'files[]', filename: 'logo.png', data: pngFile() },
        ]),
      })
      ;[pdf, png] = files.json().data.files
      const theirs = await upload(
        otherOwner,
        '/api/uploader/attachments/upload',
        'files[]',
        'x.pdf',
        pdfFile(),
      )
      othersFile = theirs.json().data.files[0]
    })

    it('sends a voice note by its address; the message carries the file and its duration', async () => {
      const res = await send(owner, expert.contributorId!, 'contributor', voice.full_path, 'voice')
      expect(res.statusCode).toBe(201)
      const [latest] = (await messages(expert, owner.personId, 'user_type=sme')).json().data as ChatMessage[]
      expect(latest).toMatchObject({
        type: 'voice',
        body: voice.full_path,
        mine: false,
        file: { url: voice.full_path, name: 'note.wav', mime_type: 'audio/wav', duration: 3 },
      })
    })

    it('takes a file by its path too, an image only as an image', async () => {
      expect((await send(owner, expert.contributorId!, 'contributor', pdf.path, 'file')).statusCode).toBe(201)
      expect(
        (await send(owner, expert.contributorId!, 'contributor', png.full_path, 'image')).statusCode,
      ).toBe(201)
      const [image, file] = (await messages(expert, owner.personId, 'user_type=sme')).json()
        .data as ChatMessage[]
      expect(image).toMatchObject({ type: 'image', file: { url: png.full_path, mime_type: 'image/png' } })
      expect(file).toMatchObject({ type: 'file', body: pdf.full_path, file: { name: 'plan.pdf' } })
    })

    it('lets the two people download it, and nobody else', async () => {
      const get = (who: TestPerson) => ctx.get(`/api/uploader/files/${voice.path}`, who.token)
      expect((await get(expert)).statusCode).toBe(200)
      expect((await get(owner)).statusCode).toBe(200)
      expect((await get(otherExpert)).statusCode).toBe(404)
      expect((await get(otherOwner)).statusCode).toBe(404)
    })

    it("refuses anything but the sender's own upload of the right kind (422), in Arabic and English", async () => {
      const refused = [
        [othersFile.full_path, 'file'],
        [`https://evil.example/api/uploader/files/${pdf.path}`, 'file'],
        ['not a file', 'voice'],
        [pdf.full_path, 'image'],
        [pdf.full_path, 'voice'],
        [voice.full_path, 'file'],
      ] as const
      for (const [message, type] of refused) {
        const res = await send(owner, expert.contributorId!, 'contributor', message, type)
        expect(res.statusCode, `${type} ${message}`).toBe(422)
        expect(res.json().error).toMatchObject({
          code: 'chat_file_invalid',
          message: ar['errors.chatFileInvalid'],
        })
      }
      const enRes = await ctx.post(
        `/api/schedule/notifiable-id/${expert.contributorId}/chat-notification`,
        owner.token,
        { notifiable_user: 'contributor', type: 'voice', message: othersFile.path },
        'en',
      )
      expect(enRes.json().error.message).toBe(en['errors.chatFileInvalid'])
    })
  })

  describe('the realtime chat topic', () => {
    async function signIn(person: TestPerson): Promise<TestSocket> {
      const token = (await ctx.get('/api/firebase/auth', person.token)).json().data.payload as string
      const socket = await openSocket(`${address}?api_key=${DEV_API_KEY}`, {
        origin: 'http://localhost:5173',
      })
      sockets.push(socket)
      socket.send({ type: 'auth', data: { token } })
      await socket.next('ready')
      socket.send({ type: 'subscribe', data: { topic: 'chat' } })
      return socket
    }

    it('tells both people, and nobody else, that their conversation changed', async () => {
      const [mine, theirs, stranger] = [await signIn(owner), await signIn(expert), await signIn(otherOwner)]
      // Subscriptions are handled in order; a ping answered means the subscribe was.
      for (const s of [mine, theirs, stranger]) {
        s.send({ type: 'ping' })
        await s.next('pong')
      }
      const before = stranger.messages.length
      expect((await send(expert, owner.personId, 'sme', 'أهلًا')).statusCode).toBe(201)
      const expected = { contributor_id: expert.contributorId, sme_id: owner.personId }
      expect((await mine.next('chat')).data).toEqual(expected)
      expect((await theirs.next('chat')).data).toEqual(expected)
      expect((await read(owner, expert.contributorId!, 'contributor')).json().data).toEqual({ read: 1 })
      expect((await theirs.next('chat')).data).toEqual(expected)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(stranger.messages.slice(before)).toEqual([])
    })
  })
})
