export { addBanner, bannersForStaff, changeBanner, forgetBanners, liveBanners } from './banners.ts';
