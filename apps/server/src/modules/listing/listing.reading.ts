import { ListingActor } from '@jcbb/contract';
import { shanghaiDate, shanghaiToday } from '@jcbb/contract/time';
import { productEvidenceDocument, type ReadingSubjectGate } from '../evidence-reading/index.ts';
import { visibleListing } from './listing-access.ts';

/**
 * A listing's certificates and test reports as read (docs/evidence-reading.md): whoever sees the listing sees them
 * (its manufacturer, the platform, the city's committee from city audit on); the platform and the committee review
 * the fields. They are checked as of the day the listing was submitted (today for a draft).
 */
export const listingReadingSubject: ReadingSubjectGate = {
  async resolve(tx, user, id, uploadId) {
    const { view, actor } = await visibleListing(tx, user, id);
    const { listing } = view;
    return productEvidenceDocument(tx, listing.productId, uploadId, {
      subjectKey: `listing:${id}`,
      useDate: listing.submittedAt ? shanghaiDate(listing.submittedAt) : shanghaiToday(),
      canReview: actor === ListingActor.PLATFORM || actor === ListingActor.CITY,
      editionCode: null,
      partyOrgIds: [listing.orgId],
    });
  },
};
