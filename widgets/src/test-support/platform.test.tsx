import { expect } from 'chai'
import { platform, signIn } from './platform.ts'

describe('the reference server of the run', () => {
  it('answers over HTTP with the development key, and signs seeded people in', async () => {
    const { apiBase, apiKey } = await platform()
    const { token } = await signIn('dev-sme')
    const response = await fetch(`${apiBase}/schedule/sme/sessions`, {
      headers: { 'X-API-Key': apiKey, Authorization: `Bearer ${token}` },
    })
    expect(response.status).to.equal(200)
  })
})
