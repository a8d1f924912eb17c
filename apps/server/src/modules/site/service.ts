export {
  addBanner,
  bannerForStaff,
  bannerPictures,
  bannersForStaff,
  changeBanner,
  forgetBanners,
  liveBanners,
} from './banners.ts';
