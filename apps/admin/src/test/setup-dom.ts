import '@gacha/client/test/setup-dom';
