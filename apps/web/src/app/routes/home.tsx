import { PartsSection } from '@/features/catalog/components/parts-section';
import { ContactForm } from '@/features/content/components/contact-form';
import { Hero } from '@/features/content/components/hero';
import { Stats } from '@/features/content/components/stats';
import { WhyChooseUs } from '@/features/content/components/why-choose-us';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-16">
        <PartsSection />
        <Stats />
        <ReviewsSection />
        <WhyChooseUs />
        <ContactForm />
      </div>
    </>
  );
}
