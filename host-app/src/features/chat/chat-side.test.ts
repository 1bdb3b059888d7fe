import { describe, expect, it } from 'vitest'
import { chatSide, isFileAddress, sentByMe } from './chat-side.ts'

describe('the sides of a conversation', () => {
  it('has an expert talk to business owners and a business owner to experts', () => {
    expect(chatSide('contributor', '12')).toEqual({
      role: 'contributor',
      otherRole: 'sme',
      contributorId: '12',
    })
    expect(chatSide('sme', '12')).toEqual({ role: 'sme', otherRole: 'contributor', contributorId: null })
  })

  it("tells the person's own messages by the sender the server names", () => {
    const expert = chatSide('contributor', '12')
    const owner = chatSide('sme', null)
    expect(sentByMe({ user: { id: 12 } }, expert)).toBe(true)
    expect(sentByMe({ user: { id: '120' } }, expert)).toBe(false)
    expect(sentByMe({ user: { id: 'sme:7' } }, expert)).toBe(false)
    expect(sentByMe({ user: { id: 'sme:7' } }, owner)).toBe(true)
    expect(sentByMe({ user: { id: 12 } }, owner)).toBe(false)
  })

  it('takes an uploaded file’s address, alone on the line, for a file', () => {
    expect(isFileAddress(' https://mashura.example/api/uploader/files/ab12 ')).toBe(true)
    expect(isFileAddress('http://localhost:3000/api/uploader/files/9')).toBe(true)
    expect(isFileAddress('see https://mashura.example/api/uploader/files/ab12')).toBe(false)
    expect(isFileAddress('https://mashura.example/uploader/files/')).toBe(false)
    expect(isFileAddress(null)).toBe(false)
  })
})
