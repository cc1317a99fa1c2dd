/** The form's first values from the logged-in person (the e-mail and phone keys of the seeded forms). */
import type { EnrollAnswers, EnrollFormField } from '@contracts/enrollment'

export function prefill(fields: EnrollFormField[], user: { nickName?: string; email?: string; phone?: string | null } | null): EnrollAnswers {
  const out: EnrollAnswers = {}
  if (!user) return out
  for (const f of fields) {
    if (f.type === 'email' && user.email && out[f.key] === undefined) out[f.key] = user.email
    else if (f.key === 'phone' && user.phone) out[f.key] = user.phone
  }
  return out
}
