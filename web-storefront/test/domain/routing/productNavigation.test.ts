import { carriedProduct, carryProduct } from '../../../src/domain/routing/productNavigation';

const product = { productCode: 'SEG-123', url: 'Seguro-Oncologico-Faro', displayName: 'Oncológico Faro' };

describe('routing/productNavigation', () => {
  test('000-2.36 a link that carries its product says not to look it up; the page uses that product', () => {
    const state = carryProduct(product);
    expect(state.useProductLookup).toBe(false);
    // The address names the product by url or by code, in any case.
    expect(carriedProduct(state, 'Seguro-Oncologico-Faro')).toBe(product);
    expect(carriedProduct(state, 'seg-123')).toBe(product);
  });

  test('000-2.36 without that state, or for another product, the page looks the product up', () => {
    expect(carriedProduct(null, 'SEG-123')).toBeNull();
    expect(carriedProduct({ product }, 'SEG-123')).toBeNull();
    expect(carriedProduct({ useProductLookup: true, product }, 'SEG-123')).toBeNull();
    expect(carriedProduct(carryProduct(product), 'Otro-Seguro')).toBeNull();
    // History state is not trusted by type: a product without code and url is no product.
    expect(carriedProduct({ useProductLookup: false, product: { url: 5 } }, 'SEG-123')).toBeNull();
  });
});
