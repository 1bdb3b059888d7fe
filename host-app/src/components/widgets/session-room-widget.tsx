import { $auth } from '@mashura/core'
import { SessionRoom, type SessionRoomProps, ShadowHost, sessionRoomSheet } from '@mashura/widgets/react'
import { useStore } from '@nanostores/react'
import { type SiteConfig, useSiteConfig } from './site-config.ts'

/** The session room in the site, with the signed-in person's token and acting role. */
export function SessionRoomWidget(props: Omit<SessionRoomProps, SiteConfig | 'token'>) {
  const token = useStore($auth).token ?? undefined
  return (
    <ShadowHost widget="session-room" css={sessionRoomSheet}>
      <SessionRoom {...useSiteConfig()} token={token} {...props} />
    </ShadowHost>
  )
}
