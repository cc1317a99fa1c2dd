import ComingSoon from '../../components/coming-soon'

/** /center/talent — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/center/talent' titleKey='page.centerTalent' />
}
