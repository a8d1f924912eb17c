export {
  addBanner,
  bannerPictures,
  bannersForStaff,
  changeBanner,
  forgetBanners,
  liveBanners,
} from './banners.ts';
