import ComingSoon from '../../components/coming-soon'

/** /repatriationService — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/repatriationService' titleKey='router.repatriationService.index' />
}
