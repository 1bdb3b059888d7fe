import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEV_RATING_PASSPHRASE, loadConfig } from './config.ts'

/** What production needs besides mail. */
const production = () => ({
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
  TOKEN_SECRET: 'test-secret-of-enough-length',
  PUBLIC_URL: 'https://mashura.example.sa',
  API_KEYS: JSON.stringify({ key: ['https://partner.example.sa'] }),
  OIDC_ISSUER: 'https://sso.example.sa',
  OIDC_CLIENT_ID: 'mashura',
  OIDC_CLIENT_SECRET: 'secret',
  RATING_PASSPHRASE: 'production-rating-passphrase',
})

describe('mail settings', () => {
  it('refuse to start in production without SMTP_URL, and say why', () => {
    expect(() => loadConfig(production())).toThrow(ConfigError)
    expect(() => loadConfig(production())).toThrow(/SMTP_URL is required in production.*reach nobody/)
  })

  it('take an smtp or smtps URL, the From address and the timings', () => {
    const config = loadConfig({
      ...production(),
      SMTP_URL: 'smtps://mailer:pa%40ss@smtp.example.sa:465',
      MAIL_FROM: 'Mashura <no-reply@mashura.example.sa>',
      MAIL_POLL_MS: '500',
      MAIL_RETRY_BASE_MS: '1000',
    })
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://mailer:pa%40ss@smtp.example.sa:465',
      from: 'Mashura <no-reply@mashura.example.sa>',
      pollMs: 500,
      retryBaseMs: 1000,
    })
  })

  it('default the From to no-reply at the public host, and leave development on the local catcher', () => {
    const config = loadConfig({ ...production(), NODE_ENV: 'development', SMTP_URL: '' })
    expect(config.mail).toEqual({
      smtpUrl: null,
      from: '"مشورة Mashura" <no-reply@mashura.example.sa>',
      pollMs: 2000,
      retryBaseMs: 30_000,
    })
  })

  it('refuse a relay that is not SMTP, an address that is not one, and bad timings', () => {
    for (const SMTP_URL of ['http://smtp.example.sa', 'smtp.example.sa:587', 'smtp://'])
      expect(() => loadConfig({ ...production(), SMTP_URL }), SMTP_URL).toThrow(/SMTP_URL must be/)
    expect(() => loadConfig({ ...production(), SMTP_URL: 'smtp://relay:25', MAIL_FROM: 'nobody' })).toThrow(
      /MAIL_FROM must be an address/,
    )
    expect(() => loadConfig({ ...production(), SMTP_URL: 'smtp://relay:25', MAIL_POLL_MS: '5' })).toThrow(
      /MAIL_POLL_MS must be a whole number ≥ 100/,
    )
  })
})

describe('Zoom settings', () => {
  const all = {
    ZOOM_SDK_KEY: 'sdk',
    ZOOM_SDK_SECRET: 'sdk-secret',
    ZOOM_ACCOUNT_ID: 'acct',
    ZOOM_CLIENT_ID: 'client',
    ZOOM_CLIENT_SECRET: 'client-secret',
  }
  const dev = () => ({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')) })

  it('leave online sessions on the built-in call without any of the five', () => {
    const config = loadConfig(dev())
    expect(config.zoom).toBeNull()
    expect(config.zoomApi).toBeNull()
  })

  it('take the Meeting SDK and the Server-to-Server OAuth app together, with Zoom’s addresses by default', () => {
    const config = loadConfig({ ...dev(), ...all })
    expect(config.zoom).toEqual({ sdkKey: 'sdk', sdkSecret: 'sdk-secret' })
    expect(config.zoomApi).toEqual({
      accountId: 'acct',
      clientId: 'client',
      clientSecret: 'client-secret',
      apiBase: 'https://api.zoom.us/v2',
      oauthUrl: 'https://zoom.us/oauth/token',
      hostUser: 'me',
    })
    const local = loadConfig({
      ...dev(),
      ...all,
      ZOOM_API_BASE: 'http://127.0.0.1:9000/v2/',
      ZOOM_OAUTH_URL: 'http://127.0.0.1:9000/oauth/token',
      ZOOM_HOST_USER: 'host@example.sa',
    })
    expect(local.zoomApi).toMatchObject({
      apiBase: 'http://127.0.0.1:9000/v2',
      oauthUrl: 'http://127.0.0.1:9000/oauth/token',
      hostUser: 'host@example.sa',
    })
  })

  it('refuse a part of them, naming what is set, and an address that is not http(s)', () => {
    // The SDK alone would send people to meetings nobody made.
    expect(() => loadConfig({ ...dev(), ZOOM_SDK_KEY: 'sdk', ZOOM_SDK_SECRET: 'x' })).toThrow(
      /Zoom needs all of .*set: ZOOM_SDK_KEY, ZOOM_SDK_SECRET$/,
    )
    const { ZOOM_CLIENT_SECRET: _, ...four } = all
    expect(() => loadConfig({ ...dev(), ...four })).toThrow(ConfigError)
    expect(() => loadConfig({ ...dev(), ...all, ZOOM_API_BASE: 'ftp://zoom' })).toThrow(
      /ZOOM_API_BASE must be an http\(s\) URL/,
    )
  })
})

describe('TRUST_PROXY', () => {
  const dev = (TRUST_PROXY?: string) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
  })
  it('takes proxy addresses and CIDR ranges, or a hop count, and refuses anything else', () => {
    expect(loadConfig(dev()).trustProxy).toBe(0)
    expect(loadConfig(dev('2')).trustProxy).toBe(2)
    expect(loadConfig(dev('10.0.0.1, 192.168.0.0/16,::1')).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ])
    for (const bad of ['proxy.example', '10.0.0.1/33', '10.0.0.0/8/1', '-1'])
      expect(() => loadConfig(dev(bad)), bad).toThrow(/TRUST_PROXY must be/)
  })
})

describe('fair-booking caps', () => {
  const dev = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...extra,
  })
  it('default to 3 upcoming sessions with one expert and 10 in all', () => {
    expect(loadConfig(dev()).booking).toEqual({ maxUpcomingPerExpert: 3, maxUpcoming: 10 })
  })

  it('take BOOKING_MAX_UPCOMING_PER_EXPERT and BOOKING_MAX_UPCOMING', () => {
    const config = loadConfig(dev({ BOOKING_MAX_UPCOMING_PER_EXPERT: '5', BOOKING_MAX_UPCOMING: '20' }))
    expect(config.booking).toEqual({ maxUpcomingPerExpert: 5, maxUpcoming: 20 })
  })

  it('refuse a cap that is not a whole number of at least 1, naming it', () => {
    for (const bad of ['0', '-2', '2.5', 'many']) {
      expect(() => loadConfig(dev({ BOOKING_MAX_UPCOMING_PER_EXPERT: bad })), bad).toThrow(
        /BOOKING_MAX_UPCOMING_PER_EXPERT must be a whole number ≥ 1/,
      )
      expect(() => loadConfig(dev({ BOOKING_MAX_UPCOMING: bad })), bad).toThrow(
        /BOOKING_MAX_UPCOMING must be a whole number ≥ 1/,
      )
    }
  })
})

describe('the catalogue read cache', () => {
  const dev = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...extra,
  })

  it('holds 64 MB by default, takes CATALOGUE_CACHE_MB (0 turns it off), and refuses anything else', () => {
    expect(loadConfig(dev()).catalogueCacheMb).toBe(64)
    expect(loadConfig(dev({ CATALOGUE_CACHE_MB: '0' })).catalogueCacheMb).toBe(0)
    expect(loadConfig(dev({ CATALOGUE_CACHE_MB: '256' })).catalogueCacheMb).toBe(256)
    for (const bad of ['-1', '1.5', 'lots'])
      expect(() => loadConfig(dev({ CATALOGUE_CACHE_MB: bad })), bad).toThrow(
        /CATALOGUE_CACHE_MB must be a whole number ≥ 0/,
      )
  })
})

describe('bounded work per request (issue 30)', () => {
  const dev = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...extra,
  })

  it('default the deadlines, the chat limit and the socket caps, and take each setting', () => {
    const defaults = loadConfig(dev())
    expect(defaults.timeouts).toEqual({
      headersMs: 20_000,
      bodyMs: 30_000,
      bodyMinRate: 8192,
      requestMs: 600_000,
    })
    expect(defaults.chatRateLimit).toBe(60)
    expect(defaults.realtime).toEqual({ maxSocketsPerPerson: 10, maxPendingPerAddress: 20 })
    const set = loadConfig(
      dev({
        HEADERS_TIMEOUT_MS: '5000',
        BODY_TIMEOUT_MS: '10000',
        BODY_MIN_RATE: '0',
        REQUEST_TIMEOUT_MS: '0',
        RATE_LIMIT_CHAT: '20',
        REALTIME_MAX_SOCKETS_PER_PERSON: '3',
        REALTIME_MAX_PENDING_PER_ADDRESS: '50',
      }),
    )
    expect(set.timeouts).toEqual({ headersMs: 5000, bodyMs: 10_000, bodyMinRate: 0, requestMs: 0 })
    expect(set.chatRateLimit).toBe(20)
    expect(set.realtime).toEqual({ maxSocketsPerPerson: 3, maxPendingPerAddress: 50 })
  })

  it('refuse a whole-request bound shorter than the headers’ own, and caps below 1', () => {
    expect(() => loadConfig(dev({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '10000' }))).toThrow(
      /REQUEST_TIMEOUT_MS \(10000\) must be 0 or at least HEADERS_TIMEOUT_MS \(30000\)/,
    )
    for (const name of [
      'RATE_LIMIT_CHAT',
      'REALTIME_MAX_SOCKETS_PER_PERSON',
      'REALTIME_MAX_PENDING_PER_ADDRESS',
    ])
      expect(() => loadConfig(dev({ [name]: '0' })), name).toThrow(
        new RegExp(`${name} must be a whole number ≥ 1`),
      )
  })
})

describe('API keys', () => {
  const withKeys = (keys: unknown) =>
    loadConfig({ ...production(), SMTP_URL: 'smtp://relay:25', API_KEYS: JSON.stringify(keys) })

  it('take a list of origins, or origins with sign-in return pages and the mobile app flag', () => {
    const config = withKeys({
      'site-key': ['https://site.example.sa'],
      'partner-key': {
        origins: ['https://partner.example.sa'],
        sign_in_return: ['https://partner.example.sa/mashura/return.html'],
      },
      'app-key': { origins: [], app: true },
    })
    expect(config.apiKeys['site-key']).toEqual(['https://site.example.sa'])
    expect(config.apiKeys['partner-key']).toEqual(['https://partner.example.sa'])
    expect(config.signInReturns['partner-key']).toEqual(['https://partner.example.sa/mashura/return.html'])
    expect(config.appApiKeys).toEqual(['app-key'])
    // No table finds a key on a prototype (issue 30).
    for (const table of [config.apiKeys, config.signInReturns]) {
      expect(Object.getPrototypeOf(table)).toBeNull()
      expect('constructor' in table).toBe(false)
    }
    expect(config.devApiKey).toBeNull()
    expect(config.devAppApiKey).toBeNull()
  })

  it('refuse return pages off the key’s origins, origins with paths, and other shapes, saying why', () => {
    expect(() =>
      withKeys({ k: { origins: ['https://a.example'], sign_in_return: ['https://evil.example/r.html'] } }),
    ).toThrow(/not on one of the key's origins/)
    expect(() => withKeys({ k: ['https://a.example/path'] })).toThrow(/is not an origin/)
    expect(() => withKeys({ k: { origins: ['https://a.example'], app: 'yes' } })).toThrow(/app must be/)
    expect(() => withKeys(['https://a.example'])).toThrow(/API_KEYS must be JSON/)
  })

  it('in development, return the development key’s sign-ins to the examples’ return page', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')), PORT: '8123' })
    expect(config.signInReturns[config.devApiKey!]).toEqual([
      'http://localhost:8123/examples/sign-in-return.html',
    ])
    expect(config.appApiKeys).toEqual([config.devAppApiKey])
  })
})

describe('push settings', () => {
  const dev = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...extra,
  })

  it('leave the keys to DATA_DIR, the subject to PUBLIC_URL and the hosts to the browsers’ services when unset', () => {
    expect(loadConfig(dev()).push).toEqual({ vapidKeys: null, vapidSubject: null, hosts: null })
  })

  it('take both VAPID keys, the subject and the hosts, split and in lower case', () => {
    const config = loadConfig(
      dev({
        VAPID_PUBLIC_KEY: 'pub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'mailto:ops@mashura.example',
        PUSH_HOSTS: 'Push.Example.com, *.push.example.net,',
      }),
    )
    expect(config.push).toEqual({
      vapidKeys: { publicKey: 'pub', privateKey: 'priv' },
      vapidSubject: 'mailto:ops@mashura.example',
      hosts: ['push.example.com', '*.push.example.net'],
    })
  })

  it('refuse one key without the other and a subject that is neither https: nor mailto:', () => {
    expect(() => loadConfig(dev({ VAPID_PUBLIC_KEY: 'pub' }))).toThrow(ConfigError)
    expect(() => loadConfig(dev({ VAPID_PRIVATE_KEY: 'priv' }))).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => loadConfig(dev({ VAPID_SUBJECT: 'http://x' }))).toThrow(/VAPID_SUBJECT/)
  })
})

describe('the integration base', () => {
  const dev = (INTEGRATION_BASE_URL?: string) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...(INTEGRATION_BASE_URL === undefined ? {} : { INTEGRATION_BASE_URL }),
  })

  it('is read and checked once, without its trailing slash; none means the seeded catalogue', () => {
    expect(loadConfig(dev()).integrationBaseUrl).toBeNull()
    expect(loadConfig(dev(' ')).integrationBaseUrl).toBeNull()
    expect(loadConfig(dev('https://i.example.sa/api/')).integrationBaseUrl).toBe('https://i.example.sa/api')
    for (const bad of ['ftp://x', 'not a url'])
      expect(() => loadConfig(dev(bad)), bad).toThrow(/INTEGRATION_BASE_URL must be an http\(s\) address/)
  })
})

describe('the rating passphrase', () => {
  const mail = { SMTP_URL: 'smtp://relay:25' }

  it('refuses the development passphrase in production, unset or set, and says what to set', () => {
    const { RATING_PASSPHRASE: _set, ...unset } = { ...production(), ...mail }
    for (const env of [
      unset,
      { ...unset, RATING_PASSPHRASE: '' },
      { ...unset, RATING_PASSPHRASE: DEV_RATING_PASSPHRASE },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(
        /RATING_PASSPHRASE must be set in production.*VITE_RATING_PASSPHRASE/,
      )
    }
    expect(loadConfig({ ...production(), ...mail, RATING_PASSPHRASE: 'ours' }).ratingPassphrase).toBe('ours')
  })

  it('is the development value in development', () => {
    const env = { ...production(), NODE_ENV: 'development', RATING_PASSPHRASE: '' }
    expect(loadConfig(env).ratingPassphrase).toBe(DEV_RATING_PASSPHRASE)
  })
})

describe('the outbound timeout', () => {
  const dev = (OUTBOUND_TIMEOUT_MS?: string) => ({
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
    ...(OUTBOUND_TIMEOUT_MS === undefined ? {} : { OUTBOUND_TIMEOUT_MS }),
  })

  it('is 10 s unless OUTBOUND_TIMEOUT_MS says otherwise, and at least 100 ms', () => {
    expect(loadConfig(dev()).outboundTimeoutMs).toBe(10_000)
    expect(loadConfig(dev('2500')).outboundTimeoutMs).toBe(2500)
    for (const bad of ['50', '0', 'soon', '1.5'])
      expect(() => loadConfig(dev(bad)), bad).toThrow(/OUTBOUND_TIMEOUT_MS must be a whole number ≥ 100/)
  })
})

describe('schema compilation', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'mashura-config-'))

  it('compile every schema before listening only under test; development and production compile on first use', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir() }).schemasAtStart).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir() }).schemasAtStart).toBe(false)
    expect(loadConfig({ ...production(), SMTP_URL: 'smtp://smtp.example.sa' }).schemasAtStart).toBe(false)
  })
})
