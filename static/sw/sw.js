const SHELL = [/*ASSETS*/];
