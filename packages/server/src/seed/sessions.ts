/**
 * The seed's sessions: past ones (with the past slots they were held in, ended, cancelled or missed),
 * upcoming bookings that hold their slots, and one waiting advisor request.
 */
import { blankSessionColumns } from '../domain/booking.ts'
import { DAY_MS, iso, pastHours, SLOT_MS } from './calendar.ts'
import { BOOKING_NOTES, CANCEL_REASONS } from './catalogue.ts'
import type { PlannedPeople } from './people.ts'
import { type Plan, type PlannedExpert, weighted } from './plan.ts'
import type { Random } from './random.ts'

/** How far back past sessions go. */
const HISTORY_DAYS = 60

/** Past sessions (with the past slots they were held in), upcoming bookings and one waiting request. */
export function planSessions(
  p: Plan,
  random: Random,
  now: Date,
  { experts, devExperts, devPeople, owners }: PlannedPeople,
): void {
  const nowMs = now.getTime()
  const past = pastHours(now, HISTORY_DAYS)
  const busy = new Set<string>()
  const isBusy = (kind: 'c' | 's', id: number, start: number) => busy.has(`${kind}${id}@${start}`)
  const markBusy = (expert: PlannedExpert, smeId: number, start: number) => {
    busy.add(`c${expert.contributorId}@${start}`)
    busy.add(`s${smeId}@${start}`)
  }
  for (const e of experts) for (const s of e.slots) busy.add(`c${e.contributorId}@${Date.parse(s.start_at)}`)

  const dev = (subject: string) => devExperts.get(subject)!
  const devSme = devPeople.get('dev-sme')!
  const devBoth = devPeople.get('dev-both')!
  const devBothExpert = dev('dev-both')
  const reasonIds = p.cancel_reasons.map((r) => r.id!)

  type State = 'ended' | 'cancelled' | 'sme_absent'
  const addPast = (smeId: number, expert: PlannedExpert, state: State) => {
    let start: number | undefined
    for (let attempt = 0; attempt < 40 && start === undefined; attempt++) {
      const candidate = random.pick(past)
      if (!isBusy('c', expert.contributorId, candidate) && !isBusy('s', smeId, candidate)) start = candidate
    }
    if (start === undefined) return
    markBusy(expert, smeId, start)
    const createdMs = start - random.int(1, 10) * DAY_MS - random.int(0, 8) * 3_600_000
    const availability = random.pick(expert.modes)
    const offices =
      expert.centerIndex === null ? [] : p.offices.filter((o) => o.center_id === expert.centerIndex! + 1)
    const officeId = availability === 2 ? null : random.pick(offices).id!
    const slotId = p.slots.length + 1
    p.slots.push({
      id: slotId,
      contributor_id: expert.contributorId,
      start_at: iso(start),
      end_at: iso(start + SLOT_MS),
      availability,
      office_id: officeId,
      created_at: iso(createdMs - random.int(1, 10) * DAY_MS),
    })
    const way: 0 | 1 = availability === 1 ? 1 : availability === 2 ? 0 : random.pick([0, 1] as const)
    const minute = 60_000
    let startedAt: number | null = null
    let endedAt: number | null = null
    let updatedMs = createdMs
    let cancelReasonId: number | null = null
    let cancelReason: string | null = null
    if (state === 'ended') {
      startedAt = start + random.int(0, 5) * minute
      endedAt = start + random.int(35, 60) * minute
      updatedMs = endedAt
    } else if (state === 'sme_absent') {
      startedAt = start + random.int(0, 3) * minute
      endedAt = start + 15 * minute
      updatedMs = endedAt
    } else {
      cancelReasonId = random.pick(reasonIds)
      if (CANCEL_REASONS[cancelReasonId - 1]?.requires_details)
        cancelReason = 'اعتذر لارتباطي بورشة عمل خارج المدينة في الموعد نفسه.'
      updatedMs = Math.max(createdMs + 3_600_000, start - random.int(2, 48) * 3_600_000)
    }
    const advisor = expert.kind === 'advisor'
    p.sessions.push({
      id: p.sessions.length + 1,
      slot_id: slotId,
      active_slot_id: null,
      contributor_id: expert.contributorId,
      sme_id: smeId,
      subject_id: random.pick(expert.subjectIds),
      communication_way: way,
      office_id: way === 1 ? officeId : null,
      state,
      // Advisors' bookings start as requests; these were accepted before being held.
      request_state: advisor ? 'accepted' : null,
      request_reason: null,
      answered_at: advisor ? iso(createdMs + random.int(1, 20) * 3_600_000) : null,
      description: random.pick(BOOKING_NOTES),
      start_at: iso(start),
      end_at: iso(start + SLOT_MS),
      started_at: startedAt === null ? null : iso(startedAt),
      ended_at: endedAt === null ? null : iso(endedAt),
      end_reason: null,
      cancel_reason_id: cancelReasonId,
      cancel_reason: cancelReason,
      is_instant: 0,
      meeting_provider: way === 0 && state !== 'cancelled' ? 'webrtc' : null,
      meeting_number: null,
      meeting_password: null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    })
  }

  const generated = experts.slice(devExperts.size)
  const anyExpert = () =>
    generated.length > 0 && random.chance(0.6) ? random.pick(generated) : random.pick(experts)
  const randomState = (): State =>
    weighted(random, [
      ['ended', 7],
      ['cancelled', 2],
      ['sme_absent', 1],
    ] as const)

  // dev-sme's history touches every dev expert, so each dashboard has something to show.
  addPast(devSme, dev('dev-consultant'), 'ended')
  addPast(devSme, dev('dev-consultant'), 'ended')
  addPast(devSme, dev('dev-advisor'), 'ended')
  addPast(devSme, dev('dev-bsa'), 'cancelled')
  addPast(devSme, dev('dev-partner'), 'ended')
  addPast(devSme, devBothExpert, 'sme_absent')
  for (const state of ['ended', 'ended', 'cancelled'] as const) addPast(devSme, anyExpert(), state)
  addPast(devBoth, dev('dev-consultant'), 'ended')
  addPast(devBoth, dev('dev-advisor'), 'ended')
  for (const state of ['ended', 'sme_absent'] as const) {
    const e = anyExpert()
    if (e !== devBothExpert) addPast(devBoth, e, state)
  }
  for (const owner of owners.slice(2)) {
    for (let i = random.int(1, 3); i > 0; i--) {
      const fromDev = random.chance(0.4)
      addPast(owner, fromDev ? random.pick([...devExperts.values()]) : anyExpert(), randomState())
    }
  }

  // Upcoming: a booked slot stays in `slots`; the session holds it through active_slot_id.
  const booked = new Set<number>()
  const book = (
    smeId: number,
    expert: PlannedExpert,
    options: { way: 0 | 1 | null; notBeforeMs: number; request?: boolean },
  ) => {
    const slot = expert.slots.find((s) => {
      const start = Date.parse(s.start_at)
      const wayOk =
        options.way === null ||
        (options.way === 0 ? s.availability !== 1 : s.availability !== 2 && s.office_id !== null)
      return start >= options.notBeforeMs && wayOk && !isBusy('s', smeId, start) && !booked.has(s.id!)
    })
    if (!slot) return
    const start = Date.parse(slot.start_at)
    busy.add(`s${smeId}@${start}`)
    booked.add(slot.id!)
    const way: 0 | 1 = options.way ?? (slot.availability === 1 ? 1 : 0)
    const createdMs = nowMs - random.int(1, 72) * 3_600_000
    const advisor = expert.kind === 'advisor'
    const waiting = options.request === true
    p.sessions.push({
      id: p.sessions.length + 1,
      slot_id: slot.id!,
      active_slot_id: slot.id!,
      contributor_id: expert.contributorId,
      sme_id: smeId,
      subject_id: random.pick(expert.subjectIds),
      communication_way: way,
      office_id: way === 1 ? slot.office_id! : null,
      ...blankSessionColumns(),
      state: waiting ? 'pending' : 'booked',
      request_state: waiting ? 'waiting' : advisor ? 'accepted' : null,
      answered_at: advisor && !waiting ? iso(createdMs + 3_600_000) : null,
      description: random.pick(BOOKING_NOTES),
      start_at: slot.start_at,
      end_at: slot.end_at,
      meeting_provider: null,
      meeting_number: null,
      meeting_password: null,
      created_at: iso(createdMs),
      updated_at: iso(createdMs),
    })
  }
  book(devSme, dev('dev-consultant'), { way: 0, notBeforeMs: nowMs + DAY_MS })
  book(devSme, dev('dev-bsa'), { way: 1, notBeforeMs: nowMs + 2 * DAY_MS })
  book(devSme, dev('dev-advisor'), { way: null, notBeforeMs: nowMs + 2 * DAY_MS, request: true })
  for (const owner of owners.slice(2, 8)) {
    const e = anyExpert()
    book(owner, e, { way: null, notBeforeMs: nowMs + random.int(1, 10) * DAY_MS })
  }
}
