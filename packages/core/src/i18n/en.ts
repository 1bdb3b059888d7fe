import type { MessageKey } from './ar.ts'

/**
 * The English message catalog, in ICU MessageFormat. It has exactly the keys of the Arabic catalog (the
 * type enforces it) and, per key, the same ICU arguments (the tests enforce that).
 */
export const en: Record<MessageKey, string> = {
  // Navigation bar and side menu
  'nav.home': 'Home',
  'nav.sessions': 'Sessions',
  'nav.myWeek': 'My week',
  'nav.messages': 'Messages',
  'nav.notifications': 'Notifications',
  'nav.dashboard': 'Dashboard',
  'nav.myRequests': 'My requests',
  'nav.faq': 'FAQ',
  'nav.searchPlaceholder': 'Search for a consultant, advisor or interest',
  'nav.searchSubmit': 'Search',
  'nav.signIn': 'Sign in',
  'nav.profile': 'Profile',

  // Account deletion dialog
  'accountDeletion.sent': 'Your request has been sent',
  'accountDeletion.reasonRequired': 'Please enter a reason for the deletion request',
  'accountDeletion.reasonTooLong':
    'The reason must be at most {max, plural, one {# character} other {# characters}}',

  // Sessions
  'sessions.details': 'Session details',
  'sessions.date': 'Date',
  'sessions.time': 'Time',
  'sessions.duration': 'Duration',
  'sessions.durationMinutes': '{minutes, plural, =0 {Less than a minute} one {# minute} other {# minutes}}',
  'sessions.type': 'Session type',
  'sessions.communicationWay': 'Communication method',
  'sessions.businessOwner': 'Business owner',
  'sessions.expert': 'Expert',
  'sessions.office': 'Office',
  'sessions.recommendations': 'Session recommendations',
  'sessions.status.booked': 'Booked',
  'sessions.status.ongoing': 'You have a session now',
  'sessions.status.ended': 'Ended',
  'sessions.status.cancelled': 'Cancelled',
  'sessions.status.smeAbsent': 'Business owner absent',

  // Requests
  'requests.details': 'Request details',
  'requests.status.waiting': 'Waiting for response',
  'requests.status.accepted': 'Accepted',
  'requests.status.rejected': 'Rejected',
  'requests.status.expired': 'Expired',

  // Meeting actions
  'meeting.start': 'Start meeting',
  'meeting.continue': 'Continue meeting',
  'meeting.end': 'End meeting',
  'meeting.endConfirm': 'Do you want to end the meeting?',
  'meeting.forceEnd': 'Force end meeting',
  'meeting.endReason': 'Reason for ending',
  'meeting.endReasonPlaceholder': 'Write why you are ending the meeting',
  'meeting.markAbsent': 'Mark business owner absent',
  'meeting.markAbsentConfirm': 'Confirm that the business owner did not attend this session?',
  'meeting.cancel': 'Cancel session',
  'meeting.cancelReason': 'Reason for cancellation',
  'meeting.cancelReasonPlaceholder': 'Choose a reason for cancellation',
  'meeting.cancelConfirm': 'Confirm cancellation',
  'meeting.extend': 'Extend session',
  'meeting.extended': 'Session extended by {minutes, plural, one {# minute} other {# minutes}}',
  'meeting.endInstant': 'End instant session',
  'meeting.joinNow': 'Join now',
  'meeting.waiting': 'Waiting for the other participant to join…',

  // Booking
  'booking.book': 'Book a session',
  'booking.availableSlots': 'Available slots',
  'booking.noSlots': 'No slots are available at the moment',
  'booking.chooseDate': 'Choose a date',
  'booking.chooseSlot': 'Choose a time',
  'booking.communicationWay': 'Communication method',
  'booking.online': 'Online (voice or video call)',
  'booking.inOffice': 'In person at the office',
  'booking.chooseOffice': 'Choose an office',
  'booking.confirm': 'Confirm booking',
  'booking.successTitle': 'Your session is booked',
  'booking.successBody': 'Your session with {name} is booked for {date} at {time}.',
  'booking.requestSentTitle': 'Your request has been sent',
  'booking.requestPending': 'Your request is awaiting the expert’s answer',

  // Rating
  'rating.title': 'Rate your session',
  'rating.intro': 'We would like to hear how your session with {name} went',
  'rating.questionnaire': 'Rating questionnaire',
  'rating.rateExpert': 'Rate the expert',
  'rating.stars': '{count, plural, =0 {No stars} one {# star} other {# stars}}',
  'rating.about': 'You are rating your session with {expert} on {date} about {subject}.',
  'rating.aboutNoSubject': 'You are rating your session with {expert} on {date}.',
  'rating.starsChosen': '{value, number} of {max, number}',
  'rating.characters': 'Characters: {count, number} of {max, number}',
  'rating.commentPlaceholder': 'Add a comment (optional)',
  'rating.submit': 'Submit rating',
  'rating.alreadyRated': 'You have already rated this session. Thank you.',
  'rating.succeeded': 'Thank you! Your rating has been sent.',
  'rating.doneLink': 'Back to the home page',

  // Recommendations form
  'recommendations.title': 'Recommendations',
  'recommendations.challenges': 'Challenges',
  'recommendations.recommendations': 'Recommendations',
  'recommendations.recordVoiceNote': 'Record a voice note',
  'recommendations.stopRecording': 'Stop recording',
  'recommendations.deleteVoiceNote': 'Delete voice note',
  'recommendations.saved': 'Recommendations saved',

  // English titles are the same for women and men; the select keeps the arguments of the Arabic.
  'contributors.kind.bsa': '{gender, select, other {Business support advisor}}',
  'contributors.kind.advisor': '{gender, select, other {Advisor}}',
  'contributors.kind.consultant': '{gender, select, other {Consultant}}',
  'contributors.kind.partner': '{gender, select, other {Partner}}',
  'contributors.results': '{count, plural, =0 {No results} one {# result} other {# results}}',
  'contributors.viewProfile': 'View profile',
  'contributors.filters.title': 'Filter results',
  'contributors.filters.field': 'Field',
  'contributors.filters.subject': 'Subject',
  'contributors.filters.dates': 'Dates',
  'contributors.filters.sessionType': 'Session type',
  'contributors.filters.center': 'Center',
  'contributors.filters.availability': 'Availability',
  'contributors.filters.sortNewest': 'Newest',
  'contributors.filters.apply': 'Apply',
  'contributors.filters.clear': 'Clear filters',

  // Contributor profile
  'profile.mentorVideo': 'Watch the introduction video',

  // Subject types (1, 2, 4)
  'subjects.consulting': 'Consulting',
  'subjects.guidance': 'Guidance',
  'subjects.partnerships': 'Partnerships',

  // Communication ways (0, 1)
  'communication.online': 'Online',
  'communication.office': 'In office',

  // Dates and times
  'time.riyadhTime': 'Saudi Arabia time',
  'time.hijri': 'Hijri',
  'time.gregorian': 'Gregorian',
  'time.dateWithHijri': '{gregorian} ({hijri})',
  'time.dateAndTime': '{date}, {time}',
  'time.dateAndTimeRange': '{date}, {start} – {end}',
  'time.today': 'Today',
  'time.tomorrow': 'Tomorrow',
  'time.yesterday': 'Yesterday',
  'time.days': '{count, plural, =0 {No days} one {# day} other {# days}}',

  // Chat and notifications
  'chat.newMessageTitle': 'New message',
  'chat.newMessageBody': 'New message from {name}',
  'notifications.title': 'Notifications',

  // Public pages
  'auth.signingIn': 'Signing you in…',

  // Sign-in that failed (the site's return page; the popup's other words are the server's, i18n/server.ts)
  'signIn.failed': 'We could not sign you in',

  // Empty states
  'empty.sessions': 'No sessions yet',
  'empty.messages': 'No conversations',
  'empty.searchResults': 'No results match your search',
  'empty.contributors': 'No experts are available at the moment',

  // Common
  'common.loading': 'Loading…',
  'common.error': 'Something went wrong. Please try again.',
  'common.retry': 'Try again',
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.save': 'Save',
  'common.send': 'Send',
  'common.back': 'Back',
  'common.next': 'Next',
  'common.previous': 'Previous',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.required': 'Required',
  'common.optional': 'Optional',
  'common.success': 'Done',
  'common.pagination': 'Page {page, number} of {total, number}',

  // Server errors (the reference API answers with these, in the request's language)
  'notify.booking.title': 'New booking',
  'notify.booking.body': '{name} booked a session with you.',
  'notify.requestNew.title': 'New session request',
  'notify.requestNew.body': '{name} requests a session and awaits your answer.',
  'notify.requestAccepted.title': 'Your request was accepted',
  'notify.requestAccepted.body': '{name} accepted your session request.',
  'notify.requestRejected.title': 'Your request was declined',
  'notify.requestRejected.body': '{name} declined your session request.',
  'notify.sessionCancelled.title': 'Your session was cancelled',
  'notify.sessionCancelled.body': '{name} cancelled the session.',
  'notify.smeAbsent.title': 'You were marked absent',
  'notify.smeAbsent.body': '{name} marked you absent from the session.',
  'notify.sessionStarting.title': 'Your session starts in 15 minutes',
  'notify.sessionStarting.body': 'Session with {name}',
  'notify.instant.title': 'An instant session now',
  'notify.instant.body': 'An instant session with {name} is waiting for you now.',
  'errors.validationFailed':
    'Some of the information you entered is not valid. Please check it and try again.',
  'errors.fieldRequired': 'This field is required.',
  'errors.invalidValue': 'The value is not valid.',
  'errors.unauthorized': 'Your sign-in has expired. Please sign in again.',
  'errors.forbidden': 'You do not have permission to do this.',
  'errors.notFound': 'The requested item was not found.',
  'errors.conflict': 'The request conflicts with existing data.',
  'errors.invalidStateTransition': 'This action is not possible in the current state.',
  'errors.slotAlreadyBooked': 'This slot is already booked. Please choose another one.',
  'errors.slotInPast': 'You cannot choose a time that has already passed.',
  'errors.slotOverlap': 'This slot overlaps another of your slots.',
  'errors.meetingUnavailable': 'The meeting could not be started. Please try again.',
  'errors.alreadyRated': 'This session has already been rated.',
  'errors.ratingLinkExpired': 'This rating link has expired.',
  'errors.ratingLinkInvalid': 'This rating link is not valid.',
  'errors.loginFailed': 'Sign-in failed. Please try again.',
  'errors.signInStateMismatch': 'Your sign-in attempt has expired. Please start again.',
  'errors.rateLimited':
    'Too many attempts. {seconds, plural, =0 {You can try again now.} one {Try again in # second.} other {Try again in # seconds.}}',
  'errors.payloadTooLarge': 'The data sent is larger than allowed.',
  'errors.unsupportedMediaType': 'This file type is not supported.',
  'errors.invalidApiKey': 'The API key is not valid.',
  'errors.originNotAllowed': 'This website is not allowed to use the service.',
  'errors.network': 'Could not reach the server. Please check your internet connection.',
  'errors.internal': 'Something unexpected went wrong. Please try again later.',
}
