/** H5 twin of ./privacy-sheet.tsx: browsers have no WeChat privacy authorization. */
export default function PrivacySheet() {
  return null
}
