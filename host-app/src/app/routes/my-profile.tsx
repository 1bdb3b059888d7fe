import { MyProfilePage } from '../../features/account/components/my-profile-page.tsx'

/** `/my-profile`: the signed-in person's own profile. */
export default MyProfilePage
