/**
 * The fixtures several suites share, as suite hooks (vitest only: `fixtures.ts` stays free of vitest for the
 * scripts and end-to-end helpers that insert rows): each is made once before the suite's tests, and answered
 * at once as objects filled in by then (see `useFixtures`).
 */
import { afterAll, beforeAll } from 'vitest'
import { type TestContext, type TestExpert, type TestPerson, useFixtures, usePeople } from './context.ts'
import {
  addBookableSlot,
  addSession,
  type BookableSlot,
  type Catalogue,
  hoursFromNow,
  insertCatalogue,
} from './fixtures.ts'
import { startZoomStandIn, type ZoomStandIn } from './zoom-stand-in.ts'

/** The suite's {@link insertCatalogue}, made once before its tests (see `useFixtures`). */
export function useCatalogue(ctx: TestContext): Catalogue {
  return useFixtures({ cat: () => insertCatalogue(ctx.store.db) }).cat
}

/** The cast of the booking suites: see {@link useBookingCast}. */
export interface BookingCast {
  cat: Catalogue
  /** «نورة القحطاني», a consultant covering the catalogue's first subject. */
  consultant: TestPerson
  /** «خالد العتيبي», an advisor covering the catalogue's first subject (both, with `advisorCoversBoth`). */
  advisor: TestPerson
  /** «سارة الشمري», a business owner. */
  owner: TestPerson
}

/**
 * Makes the cast of the booking suites once before their tests (see `useFixtures`): the catalogue, its
 * two experts and a business owner. The consultant takes instant sessions with `consultantJoinsNow`.
 */
export function useBookingCast(
  ctx: TestContext,
  options: { consultantJoinsNow?: boolean; advisorCoversBoth?: boolean; ownerEmail?: string } = {},
): BookingCast {
  const cast: BookingCast = useFixtures({
    cat: () => insertCatalogue(ctx.store.db),
    consultant: () =>
      ctx.person({
        name: 'نورة القحطاني',
        contributor: {
          kind: 'consultant',
          subjects: [cast.cat.subjectId],
          ...(options.consultantJoinsNow ? { join_now_enabled: true } : {}),
        },
      }),
    advisor: () =>
      ctx.person({
        name: 'خالد العتيبي',
        contributor: {
          kind: 'advisor',
          subjects: options.advisorCoversBoth
            ? [cast.cat.subjectId, cast.cat.otherSubjectId]
            : [cast.cat.subjectId],
        },
      }),
    owner: () =>
      ctx.person({ name: 'سارة الشمري', ...(options.ownerEmail ? { email: options.ownerEmail } : {}) }),
  })
  return cast
}

/** The cast of the chat suites: see {@link useChatCast}. */
export interface ChatCast {
  /** «نورة القحطاني», who chats, with an ended session with `owner`. */
  expert: TestExpert
  /** «خالد العتيبي», with an ended session with `owner`; chats only with `expertOffChats`. */
  expertOff: TestExpert
  /** «ريم الحربي», who chats, with no session with anyone. */
  otherExpert: TestExpert
  /** «سارة الشمري», a business owner. */
  owner: TestPerson
  /** «فهد الدوسري», a business owner with no sessions. */
  otherOwner: TestPerson
}

/** Makes the cast of the chat suites once before their tests (see `useFixtures`), with their sessions. */
export function useChatCast(ctx: TestContext, options: { expertOffChats: boolean }): ChatCast {
  const cast = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', contributor: { chat_status: true } },
    expertOff: { name: 'خالد العتيبي', contributor: { chat_status: options.expertOffChats } },
    otherExpert: { name: 'ريم الحربي', contributor: { chat_status: true } },
    owner: { name: 'سارة الشمري' },
    otherOwner: { name: 'فهد الدوسري' },
  })
  beforeAll(async () => {
    for (const e of [cast.expert, cast.expertOff]) {
      await addSession(ctx.store.db, {
        contributorId: e.contributorId,
        start: hoursFromNow(-48),
        smeId: cast.owner.personId,
        state: 'ended',
      })
    }
  })
  return cast
}

/** The suite's {@link addBookableSlot}, made once before its tests (see `useFixtures`). */
export function useBookableSlot(ctx: TestContext, hours: number): BookableSlot {
  return useFixtures({ slot: () => addBookableSlot(ctx, hours) }).slot
}

/** The suite's stand-in, started before its tests (see `useFixtures`) and closed after them. */
export function useZoomStandIn(): ZoomStandIn {
  const { standIn } = useFixtures({ standIn: startZoomStandIn })
  // Guarded: when the start failed, its error is the one to see.
  afterAll(() => standIn.close?.())
  return standIn
}
