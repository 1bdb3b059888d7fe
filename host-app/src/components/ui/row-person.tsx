import type { ContributorSummary, SmeSummary, UserRole } from '@mashura/core'
import type { ReactNode } from 'react'
import './row-person.css'

/** What a session and a request both carry: their two people. */
interface TwoPeople {
  contributor: Pick<ContributorSummary, 'sso_user' | 'file'>
  sme: Pick<SmeSummary, 'full_name' | 'file'>
}

/** The other person of a session or request: a business owner sees the expert, an expert the business owner. */
export function otherPerson(of: TwoPeople, viewer: UserRole): { name: string; photo: string | undefined } {
  return viewer === 'sme'
    ? { name: of.contributor.sso_user.full_name, photo: of.contributor.file?.full_path }
    : { name: of.sme.full_name, photo: of.sme.file?.full_path }
}

/**
 * The head of a person's row in a list (sessions, requests): the other person's photo (its alt is empty, the
 * name stands beside it), name as the row's heading (`titleId` names it for the row's link), a muted line
 * under it and, at the end, the state badge (`children`).
 */
export function RowPerson({
  of,
  viewer,
  titleId,
  line,
  lineClassName,
  children,
}: {
  of: TwoPeople
  viewer: UserRole
  titleId: string
  line: ReactNode
  lineClassName: string
  children: ReactNode
}) {
  const { name, photo } = otherPerson(of, viewer)
  return (
    <div className="row-person">
      {photo ? <img src={photo} alt="" width={48} height={48} className="avatar" /> : null}
      <div>
        <h2 className="row-person-name" id={titleId}>
          <bdi>{name}</bdi>
        </h2>
        <p className={`muted ${lineClassName}`}>{line}</p>
      </div>
      {children}
    </div>
  )
}
