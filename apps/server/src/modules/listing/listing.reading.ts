import { ListingActor, type ListingActorValue } from '@jcbb/contract';
import { shanghaiDate, shanghaiToday } from '@jcbb/contract/time';
import { productEvidenceDocument, type ReadingSubjectGate, type SubjectDocument } from '../evidence-reading/index.ts';
import { visibleListing } from './listing-access.ts';

/**
 * A listing's certificates and test reports as read (docs/evidence-reading.md): whoever sees the listing sees them
 * (its manufacturer, the platform, the city's committee from city audit on); the platform and the committee review
 * the fields. They are checked as of the day the listing was submitted (today for a draft).
 */
/** Where a listing's documents are used: as of its submission, by its manufacturer, audited by the platform and city. */
export function listingSubjectFacts(
  listing: { id: number; orgId: number; submittedAt: Date | null },
  actor: ListingActorValue,
): Pick<SubjectDocument, 'subjectKey' | 'useDate' | 'canReview' | 'editionCode' | 'partyOrgIds'> {
  return {
    subjectKey: `listing:${listing.id}`,
    useDate: listing.submittedAt ? shanghaiDate(listing.submittedAt) : shanghaiToday(),
    canReview: actor === ListingActor.PLATFORM || actor === ListingActor.CITY,
    editionCode: null,
    partyOrgIds: [listing.orgId],
  };
}

export const listingReadingSubject: ReadingSubjectGate = {
  async resolve(tx, user, id, uploadId) {
    const { view, actor } = await visibleListing(tx, user, id);
    return productEvidenceDocument(tx, view.listing.productId, uploadId, listingSubjectFacts(view.listing, actor));
  },
};
