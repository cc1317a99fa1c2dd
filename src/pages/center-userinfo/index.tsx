import ComingSoon from '../../components/coming-soon'

/** /center/userinfo — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/center/userinfo' titleKey='page.centerUserinfo' />
}
