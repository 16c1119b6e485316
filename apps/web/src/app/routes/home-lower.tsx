import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { ContactForm } from '@/features/content/components/contact-form';
import { Stats } from '@/features/content/components/stats';
import { WhyChooseUs } from '@/features/content/components/why-choose-us';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/**
 * The home page below the parts: not needed for the first screen, so it arrives in a chunk of its
 * own while the parts load.
 */
export default function HomeLowerSections() {
  const { hash } = useLocation();
  // An address naming a section here (/#contact-heading) found nothing before this arrived.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Stats />
      <ReviewsSection />
      <WhyChooseUs />
      <ContactForm />
    </>
  );
}
