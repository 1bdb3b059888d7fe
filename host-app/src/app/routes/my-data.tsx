import { MyDataPage } from '../../features/my-data/my-data-page.tsx'

/** `/my-data`: the signed-in person's own data, for both roles. */
export default MyDataPage
