export {
  addBanner,
  bannerForStaff,
  bannerPictures,
  bannersForStaff,
  changeBanner,
  deleteBanner,
  forgetBanners,
  liveBanners,
} from './banners.ts';
