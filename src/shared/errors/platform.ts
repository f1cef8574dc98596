import type { MessageDescriptor } from '@lingui/core'

/** Platform administration: institutes created, suspended and reactivated. */
export const platformErrors = {
  platform_admin_only: /*i18n*/ {
    id: 'error.platform_admin_only',
    message: 'Only a platform administrator may do this.',
  },
  institute_suspended: /*i18n*/ {
    id: 'error.institute_suspended',
    message:
      'Your institute’s account is suspended, so nobody of it can sign in. Please contact the platform’s administrators.',
  },
  admissions_closed: /*i18n*/ {
    id: 'error.admissions_closed',
    message: 'This institute is not taking applications at the moment.',
  },
  admin_contact_required: /*i18n*/ {
    id: 'error.admin_contact_required',
    message: 'Give an email address or a phone number: the temporary password is sent there.',
  },
  suspension_reason_required: /*i18n*/ {
    id: 'error.suspension_reason_required',
    message: 'Please give the reason.',
  },
  own_institute_suspend: /*i18n*/ {
    id: 'error.own_institute_suspend',
    message: 'You cannot suspend the institute you belong to.',
  },
  institute_already_suspended: /*i18n*/ {
    id: 'error.institute_already_suspended',
    message: 'This institute is suspended already.',
  },
  institute_not_suspended: /*i18n*/ {
    id: 'error.institute_not_suspended',
    message: 'This institute is not suspended.',
  },
} satisfies Record<string, MessageDescriptor>
